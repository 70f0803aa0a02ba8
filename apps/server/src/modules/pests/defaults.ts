import type { PestKind } from '@farmpark/contracts';

/**
 * Categories a merchant starts with: common pests of Shandong open-field and greenhouse vegetables and
 * the fungal spores the spore traps there catch. Thresholds are daily catches per trap at which local
 * plant-protection stations advise scouting; merchants adjust them.
 */
export const DEFAULT_CATEGORIES: {
  kind: PestKind;
  code: string;
  name: string;
  latinName: string;
  threshold: number;
}[] = [
  { kind: 'insect', code: 'helicoverpa_armigera', name: '棉铃虫', latinName: 'Helicoverpa armigera', threshold: 20 },
  { kind: 'insect', code: 'plutella_xylostella', name: '小菜蛾', latinName: 'Plutella xylostella', threshold: 30 },
  { kind: 'insect', code: 'spodoptera_exigua', name: '甜菜夜蛾', latinName: 'Spodoptera exigua', threshold: 20 },
  { kind: 'insect', code: 'spodoptera_litura', name: '斜纹夜蛾', latinName: 'Spodoptera litura', threshold: 20 },
  { kind: 'insect', code: 'bemisia_tabaci', name: '烟粉虱', latinName: 'Bemisia tabaci', threshold: 60 },
  { kind: 'insect', code: 'aphididae', name: '蚜虫', latinName: 'Aphididae', threshold: 80 },
  { kind: 'insect', code: 'agrotis_ipsilon', name: '小地老虎', latinName: 'Agrotis ipsilon', threshold: 10 },
  { kind: 'insect', code: 'other_insect', name: '其他昆虫', latinName: '', threshold: 0 },
  { kind: 'spore', code: 'botrytis_cinerea', name: '灰霉病菌', latinName: 'Botrytis cinerea', threshold: 50 },
  { kind: 'spore', code: 'podosphaera_xanthii', name: '白粉病菌', latinName: 'Podosphaera xanthii', threshold: 60 },
  {
    kind: 'spore',
    code: 'pseudoperonospora_cubensis',
    name: '霜霉病菌',
    latinName: 'Pseudoperonospora cubensis',
    threshold: 40,
  },
  { kind: 'spore', code: 'alternaria_solani', name: '早疫病菌', latinName: 'Alternaria solani', threshold: 40 },
  {
    kind: 'spore',
    code: 'phytophthora_infestans',
    name: '晚疫病菌',
    latinName: 'Phytophthora infestans',
    threshold: 30,
  },
];
