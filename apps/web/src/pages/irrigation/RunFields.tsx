import './areaTexts';
import { IRRIGATION_LIMITS, type IrrigationRun, type Limit, TANKS } from '@farmpark/contracts';
import { Form, InputNumber, Segmented, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { limitRule } from './limits';

type Recipe = IrrigationRun['recipe'];
export type RecipeKind = 'none' | 'tanks' | 'ec';
export interface RunFieldValues {
  mode: 'durationMin' | 'volumeM3';
  amount?: number;
  recipeKind: RecipeKind;
  tank1?: number;
  tank2?: number;
  tank3?: number;
  tank4?: number;
  ecTarget?: number;
  phTarget?: number;
}

/** The form values of an amount and recipe (a program being edited, or a fresh form). */
export function runFieldsOf(p: { durationMin?: number | null; volumeM3?: number | null; recipe?: Recipe }) {
  const r = p.recipe ?? null;
  return {
    mode: p.volumeM3 ? 'volumeM3' : 'durationMin',
    amount: p.volumeM3 ?? p.durationMin ?? 10,
    recipeKind: !r ? 'none' : 'tanks' in r ? 'tanks' : 'ec',
    ...(r && 'tanks' in r ? r.tanks : {}),
    ...(r && 'ecTarget' in r ? { ecTarget: r.ecTarget, phTarget: r.phTarget } : {}),
  } satisfies RunFieldValues;
}

/** The request fields of the form values: durationMin or volumeM3, and the recipe (water-fertiliser only). */
export function runPartOf(v: RunFieldValues, fertigation: boolean) {
  const part: { durationMin?: number; volumeM3?: number; recipe?: NonNullable<Recipe> } = { [v.mode]: v.amount };
  if (fertigation && v.recipeKind === 'tanks') {
    part.recipe = {
      tanks: Object.fromEntries(TANKS.filter((k) => v[k] !== undefined && v[k] !== null).map((k) => [k, v[k]])),
    };
  }
  if (fertigation && v.recipeKind === 'ec' && v.ecTarget !== undefined) {
    part.recipe = {
      ecTarget: v.ecTarget,
      ...(v.phTarget !== undefined && v.phTarget !== null ? { phTarget: v.phTarget } : {}),
    };
  }
  return part;
}

/** The values of the two choices, each with the text key of its label. */
const MODES = { durationMin: 'irr.byDuration', volumeM3: 'irr.byVolume' };
const RECIPES = { none: 'irr.recipeNone', tanks: 'irr.recipeTanks', ec: 'irr.recipeEc' };

/** One of a few values of a field, picked on one segmented control. */
function Choice(p: { name: string; label: string; testId: string; options: Record<string, string> }) {
  const { t } = useTranslation();
  const options = Object.entries(p.options).map(([value, key]) => ({ value, label: t(key) }));
  return (
    <Form.Item name={p.name} label={p.label}>
      <Segmented data-testid={p.testId} options={options} />
    </Form.Item>
  );
}

/**
 * Duration or volume and (water-fertiliser machine) a recipe, inside a parent Form: the same fields
 * for a manual run and a program, checked against the contracts' limits on the field.
 */
export default function RunFields({
  limits,
  fertigation,
  perZone = false,
}: {
  limits: { durationMin: Limit; volumeM3: Limit };
  fertigation: boolean;
  perZone?: boolean;
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const mode: RunFieldValues['mode'] = Form.useWatch('mode', form) ?? 'durationMin';
  const recipeKind: RecipeKind = Form.useWatch('recipeKind', form) ?? 'none';
  const L = IRRIGATION_LIMITS;
  return (
    <>
      <Space wrap align="start">
        <Choice name="mode" label={t('irr.mode')} testId="run-mode" options={MODES} />
        <Form.Item
          name="amount"
          label={perZone ? `${t('irr.amount')} ${t('irr.perZone')}` : t('irr.amount')}
          rules={[limitRule(t, limits[mode])]}
          dependencies={['mode']}
        >
          <InputNumber data-testid="start-amount" style={{ width: 120 }} />
        </Form.Item>
      </Space>
      {fertigation ? (
        <>
          <Choice name="recipeKind" label={t('irr.recipe')} testId="start-recipe" options={RECIPES} />
          {recipeKind === 'tanks' ? (
            <Space wrap align="start">
              {TANKS.map((k) => (
                <Form.Item key={k} name={k} label={t(`irr.tank.${k}`)} rules={[limitRule(t, L.tankShare, false)]}>
                  <InputNumber style={{ width: 80 }} data-testid={`start-${k}`} />
                </Form.Item>
              ))}
            </Space>
          ) : null}
          {recipeKind === 'ec' ? (
            <Space wrap align="start">
              <Form.Item name="ecTarget" label={t('irr.ecTarget')} rules={[limitRule(t, L.ecTarget)]}>
                <InputNumber data-testid="start-ec" />
              </Form.Item>
              <Form.Item name="phTarget" label={t('irr.phTarget')} rules={[limitRule(t, L.phTarget, false)]}>
                <InputNumber data-testid="start-ph" />
              </Form.Item>
            </Space>
          ) : null}
        </>
      ) : null}
    </>
  );
}
