import type { PublicTrace } from '@farmpark/contracts';
import type { ProductAnswer } from './api';
import { dayText, numberText } from './format';
import { Field, ScanLine, Section, StatusWarning } from './parts';
import type { Lang, PublicTexts } from './texts';

type Props = { answer: ProductAnswer; lang: Lang; t: PublicTexts };

/** /OC: exactly the sections the producer published, in the order a buyer reads them. */
export function ProductPage({ answer, lang, t }: Props) {
  const trace = answer.trace;
  const warning = answer.status === 'ok' ? null : answer.status;
  return (
    <>
      {warning && <StatusWarning status={warning} t={t} day={answer.withdrawnOn && dayText(answer.withdrawnOn)} />}
      {answer.staff && (
        <p className="pt-scans" data-testid="staff-read">
          {t.staff}
        </p>
      )}
      <ScanLine {...answer} lang={lang} t={t} />
      {trace && <TraceSections trace={trace} lang={lang} t={t} />}
    </>
  );
}

function TraceSections({ trace, lang, t }: { trace: PublicTrace; lang: Lang; t: PublicTexts }) {
  const workName = (type: string) => t.workType[type as keyof PublicTexts['workType']] ?? type;
  return (
    <>
      {trace.product && (
        <header className="pt-hero">
          <h1>{trace.product.name}</h1>
          <Field label={t.lot} value={trace.product.lot} />
          <Field label={t.gtin} value={trace.product.gtin} />
        </header>
      )}
      {trace.certificate && (
        <Section title={t.certificate}>
          <Field label={t.certFields.product} value={trace.certificate.product} />
          <Field
            label={t.certFields.quantity}
            value={`${numberText(trace.certificate.quantity, lang)} ${trace.certificate.unit}`}
          />
          <Field label={t.certFields.producer} value={trace.certificate.producer} />
          <Field label={t.certFields.origin} value={trace.certificate.origin} />
          <Field label={t.certFields.contact} value={trace.certificate.contact} />
          <Field label={t.certFields.issuedOn} value={dayText(trace.certificate.issuedOn)} />
          <Field label={t.certFields.basis} value={trace.certificate.basis.map((b) => t.basis[b]).join('、')} />
          {trace.certificate.pledge && <p className="pt-pledge">{trace.certificate.pledge}</p>}
        </Section>
      )}
      {(trace.farm || trace.plots) && (
        <Section title={t.farm}>
          <Field label={t.park} value={trace.farm?.name} />
          <Field label={t.certFields.origin} value={trace.farm?.region} />
          <Field label={t.plots} value={trace.plots?.map((p) => p.name).join('、')} />
        </Section>
      )}
      {trace.plantings && trace.plantings.length > 0 && (
        <Section title={t.plantings}>
          <ul className="pt-list">
            {trace.plantings.map((p) => (
              <li key={`${p.plot}-${p.sownOn}-${p.crop}`}>
                <strong>
                  {p.crop} {p.variety}
                </strong>{' '}
                · {p.plot}
                <div className="pt-sub">
                  {t.sownOn} {dayText(p.sownOn)}
                  {p.transplantedOn ? ` · ${t.transplantedOn} ${dayText(p.transplantedOn)}` : ''}
                </div>
              </li>
            ))}
          </ul>
        </Section>
      )}
      {trace.timeline && trace.timeline.length > 0 && (
        <Section title={t.timeline}>
          <ol className="pt-timeline">
            {trace.timeline.map((w, i) => (
              // the timeline is frozen: its order is its identity
              // biome-ignore lint/suspicious/noArrayIndexKey: a published snapshot never reorders
              <li key={i}>
                <span className="pt-day">{dayText(w.date)}</span>
                <span className="pt-what">
                  {workName(w.type)} · {w.plot}
                  {w.machine && <em className="pt-tag">{t.machine}</em>}
                </span>
                {(w.materials.length > 0 || w.waterM3 !== null) && (
                  <span className="pt-sub">
                    {[
                      ...w.materials.map((m) => `${m.name} ${numberText(m.quantity, lang)} ${m.unit}`),
                      ...(w.waterM3 !== null ? [t.water(w.waterM3)] : []),
                    ].join('；')}
                  </span>
                )}
              </li>
            ))}
          </ol>
        </Section>
      )}
      {trace.harvests && trace.harvests.length > 0 && (
        <Section title={t.harvests}>
          <ul className="pt-list">
            {trace.harvests.map((h) => (
              <li key={`${h.date}-${h.quantity}-${h.grade}`}>
                {dayText(h.date)} · {numberText(h.quantity, lang)} {h.unit} {h.grade && `· ${h.grade}`}
              </li>
            ))}
          </ul>
        </Section>
      )}
      {trace.reports && trace.reports.length > 0 && (
        <Section title={t.reports}>
          <ul className="pt-list">
            {trace.reports.map((r) => (
              <li key={r.number}>
                <strong>{r.agency}</strong> {r.number}{' '}
                <span className={r.passed ? 'pt-pass' : 'pt-fail'}>{r.passed ? t.reportPass : t.reportFail}</span>
                <div className="pt-sub">
                  {dayText(r.reportedOn)}
                  {r.validUntil ? ` · ${t.validUntil} ${dayText(r.validUntil)}` : ''}
                </div>
                {r.items.length > 0 && (
                  <div className="pt-sub">{r.items.map((it) => `${it.name} ${it.result}`).join('；')}</div>
                )}
                <a href={r.fileUrl} target="_blank" rel="noreferrer">
                  {t.viewReport}
                </a>
              </li>
            ))}
          </ul>
        </Section>
      )}
      {trace.videos && trace.videos.length > 0 && (
        <Section title={t.videos}>
          {trace.videos.map((v) => (
            <figure key={v.url} className="pt-video">
              {/* biome-ignore lint/a11y/useMediaCaption: farm clips have no spoken words to caption */}
              <video src={v.url} controls preload="metadata" playsInline />
              <figcaption>
                {v.title} · {dayText(v.shotOn)}
              </figcaption>
            </figure>
          ))}
        </Section>
      )}
    </>
  );
}
