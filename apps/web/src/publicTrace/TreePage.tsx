import type { PublicTreeAnswer } from '@farmpark/contracts';
import { dayText, numberText } from './format';
import { Field, ScanLine, Section, StatusWarning } from './parts';
import type { Lang, PublicTexts } from './texts';

type Props = { answer: PublicTreeAnswer; lang: Lang; t: PublicTexts };

/** /TC: one tree, what it is, where it grows, its photos and the care it had. */
export function TreePage({ answer, lang, t }: Props) {
  const tree = answer.tree;
  if (answer.status !== 'ok' || !tree) return <StatusWarning status="unknown" t={t} />;
  const workName = (type: string) => t.workType[type as keyof PublicTexts['workType']] ?? type;
  const age = tree.plantedYear ? new Date().getFullYear() - tree.plantedYear : null;
  return (
    <>
      <ScanLine {...answer} lang={lang} t={t} />
      <header className="pt-hero">
        <h1>
          {tree.species}
          {tree.variety && <small> · {tree.variety}</small>}
        </h1>
        <Field label={t.code} value={<code>{tree.code}</code>} />
      </header>
      {tree.photos.length > 0 && (
        <div className="pt-photos">
          {tree.photos.map((src) => (
            <img key={src} src={src} alt={tree.species} loading="lazy" />
          ))}
        </div>
      )}
      <Section title={t.tree}>
        <Field label={t.species} value={tree.species} />
        <Field label={t.variety} value={tree.variety} />
        <Field
          label={t.plantedYear}
          value={tree.plantedYear ? `${tree.plantedYear}${age && age > 0 ? `（${t.age(age)}）` : ''}` : ''}
        />
        <Field label={t.park} value={tree.farm.name} />
        <Field label={t.certFields.origin} value={tree.farm.region} />
        <Field label={t.plot} value={tree.plot} />
      </Section>
      <Section title={t.care}>
        {tree.care.length === 0 ? (
          <p className="pt-sub">{t.noCare}</p>
        ) : (
          <ol className="pt-timeline">
            {tree.care.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a day may hold two records of one type
              <li key={i}>
                <span className="pt-day">{dayText(c.day)}</span>
                <span className="pt-what">{workName(c.type)}</span>
                {c.materials.length > 0 && (
                  <span className="pt-sub">
                    {c.materials.map((m) => `${m.name} ${numberText(m.quantity, lang)} ${m.unit}`).join('；')}
                  </span>
                )}
              </li>
            ))}
          </ol>
        )}
      </Section>
    </>
  );
}
