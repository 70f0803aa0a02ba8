import { addDays, dayIn, daysBetween } from '@farmpark/contracts';
import type { Db } from '../db/connect';

/**
 * Production core demo: a crop catalogue with growth standards (stage day offsets and ideal ranges after
 * the usual agronomy of each crop), a planting on every demo plot, the staff who work them and a few
 * harvests. Greenhouse crops are sown at staggered days back from today so they sit in different stages;
 * outdoor crops follow their calendar (`season`), so a demo seeded on any day of the year shows what the
 * fields and orchards are really doing then.
 */
type R = [key: string, min: number | null, max: number | null];
type Stage = [name: string, start: number, end: number, tasks: string, ranges: R[]];
interface DemoCrop {
  name: string;
  variety: string;
  category: string;
  days: number;
  stages: Stage[];
  /**
   * An outdoor crop's calendar in the demo's parks (North China Plain, and the Loess Plateau's apples): the
   * month and day its standard's day 0 falls on, and the stage its harvest is made in.
   */
  season?: { starts: [month: number, day: number]; harvestStage: string };
}

/**
 * Soil moisture below is written as agronomy states it, in % of field capacity; the sensors report volumetric
 * water content (%), so a range is stored in the sensors' unit: times the demo loam's field capacity, 36 % by
 * volume (the simulator's SOIL). Stored as 60-75 "%", every sensor read out of range for good.
 */
const FIELD_CAPACITY = 0.36;
const vol = ([lo, hi]: [number, number]): [number, number] => [
  Math.round(lo * FIELD_CAPACITY * 10) / 10,
  Math.round(hi * FIELD_CAPACITY * 10) / 10,
];
const greenhouse = (t: [number, number], h: [number, number], soil: [number, number]): R[] => [
  ['airTemp', ...t],
  ['airHumidity', ...h],
  ['soilMoisture', ...vol(soil)],
  ['soilMoisture10', ...vol(soil)],
];
const field = (t: [number, number], soil: [number, number], ec?: [number, number]): R[] => [
  ['airTemp', ...t],
  ['soilMoisture10', ...vol(soil)],
  ...(ec ? [['soilEc', ...ec] as R] : []),
];

export const DEMO_CROPS: DemoCrop[] = [
  {
    name: '番茄',
    variety: '粉果硬果型',
    category: '茄果类',
    days: 150,
    stages: [
      ['育苗期', 0, 29, '控温炼苗，苗床保湿', greenhouse([20, 28], [60, 80], [65, 80])],
      ['定植缓苗期', 30, 39, '定植后浇足缓苗水，遮阴', greenhouse([22, 30], [65, 85], [70, 85])],
      ['开花坐果期', 40, 74, '吊蔓整枝，熊蜂授粉，控制夜温', greenhouse([18, 28], [55, 75], [60, 75])],
      ['结果采收期', 75, 150, '分批采收，追施钾肥，防灰霉病', greenhouse([17, 28], [50, 75], [60, 80])],
    ],
  },
  {
    name: '黄瓜',
    variety: '津优35',
    category: '瓜类',
    days: 100,
    stages: [
      ['苗期', 0, 24, '保温保湿，防猝倒病', greenhouse([20, 30], [70, 90], [70, 85])],
      ['初花期', 25, 44, '绑蔓，摘除侧枝', greenhouse([18, 28], [65, 85], [70, 85])],
      ['结瓜期', 45, 100, '勤采嫩瓜，少量多次追肥', greenhouse([18, 30], [60, 85], [75, 90])],
    ],
  },
  {
    name: '彩椒',
    variety: '红罗丹',
    category: '茄果类',
    days: 160,
    stages: [
      ['苗期', 0, 44, '分苗，控水蹲苗', greenhouse([20, 28], [60, 80], [60, 75])],
      ['开花坐果期', 45, 89, '疏除门椒，保花保果', greenhouse([20, 28], [55, 75], [60, 75])],
      ['转色采收期', 90, 160, '转色八成以上采收', greenhouse([18, 30], [50, 75], [60, 75])],
    ],
  },
  {
    name: '茄子',
    variety: '布利塔',
    category: '茄果类',
    days: 150,
    stages: [
      ['苗期', 0, 39, '炼苗', greenhouse([22, 30], [60, 80], [65, 80])],
      ['门茄期', 40, 69, '整枝打叶', greenhouse([20, 30], [55, 75], [65, 80])],
      ['盛果期', 70, 150, '及时采收，防黄萎病', greenhouse([20, 32], [55, 75], [65, 85])],
    ],
  },
  {
    name: '韭菜',
    variety: '791雪韭',
    category: '叶菜类',
    days: 60,
    stages: [
      ['返青期', 0, 19, '清园松土，浇返青水', field([12, 24], [60, 80])],
      ['旺长期', 20, 45, '追施氮肥，防韭蛆', field([15, 25], [65, 85], [0.5, 2.5])],
      ['收割期', 46, 60, '割后三天内不浇水', field([12, 24], [60, 80])],
    ],
  },
  {
    name: '小麦',
    variety: '济麦22',
    category: '粮食作物',
    // winter wheat: sown early-mid October, tillers until the cold, overwinters Dec-Feb, harvested early June
    days: 245,
    season: { starts: [10, 8], harvestStage: '成熟收获期' },
    stages: [
      ['播种出苗期', 0, 14, '足墒播种，播后镇压', field([5, 25], [65, 85])],
      ['分蘖期', 15, 54, '查苗补种，冬前化除', field([-3, 20], [60, 80])],
      ['越冬期', 55, 139, '适时冬灌，镇压保墒', field([-12, 10], [55, 75])],
      ['返青起身期', 140, 169, '镇压提温，起身期追肥', field([-3, 18], [60, 80])],
      ['拔节孕穗期', 170, 199, '追施拔节肥，浇拔节水，防晚霜', field([0, 25], [65, 85], [0.3, 1.5])],
      ['抽穗灌浆期', 200, 234, '一喷三防，防干热风', field([8, 30], [60, 80])],
      ['成熟收获期', 235, 245, '蜡熟末期适时收获', field([15, 35], [50, 70])],
    ],
  },
  {
    name: '玉米',
    variety: '郑单958',
    category: '粮食作物',
    // summer maize: sown in mid June straight after the wheat harvest, harvested at the end of September
    days: 110,
    season: { starts: [6, 12], harvestStage: '花粒期' },
    stages: [
      ['苗期', 0, 29, '麦收后抢墒直播，间苗定苗', field([15, 35], [60, 75])],
      ['穗期', 30, 59, '大喇叭口期追肥', field([20, 35], [70, 85], [0.3, 1.5])],
      ['花粒期', 60, 110, '防倒伏，适时晚收', field([12, 33], [65, 80])],
    ],
  },
  {
    name: '草莓',
    variety: '红颜',
    category: '浆果类',
    days: 180,
    stages: [
      ['定植缓苗期', 0, 19, '浇透定植水，遮阳', greenhouse([15, 25], [70, 85], [70, 85])],
      ['花芽分化期', 20, 59, '控氮，摘老叶', greenhouse([10, 25], [60, 80], [65, 80])],
      ['开花结果期', 60, 180, '放蜂授粉，防白粉病', greenhouse([8, 26], [50, 70], [65, 80])],
    ],
  },
  {
    name: '水稻',
    variety: '南粳9108',
    category: '粮食作物',
    days: 150,
    stages: [
      ['秧田期', 0, 29, '湿润育秧，防立枯病', field([20, 32], [80, 100])],
      ['分蘖期', 30, 69, '浅水勤灌，够苗晒田', field([22, 33], [85, 100])],
      ['孕穗抽穗期', 70, 109, '保持水层，防稻瘟病', field([22, 32], [90, 100])],
      ['灌浆成熟期', 110, 150, '干湿交替，收前断水', field([20, 30], [70, 95])],
    ],
  },
  {
    name: '柑橘',
    variety: '沃柑',
    category: '果树',
    days: 300,
    stages: [
      ['萌芽期', 0, 29, '春季修剪，施萌芽肥', field([12, 25], [60, 80])],
      ['开花坐果期', 30, 89, '保花保果，疏除畸形果', field([18, 28], [60, 80])],
      ['果实膨大期', 90, 239, '稳定供水，防裂果', field([22, 32], [65, 85], [0.5, 2])],
      ['成熟期', 240, 300, '控水增糖，分批采收', field([15, 28], [55, 70])],
    ],
  },
  {
    name: '苹果',
    variety: '富士',
    category: '果树',
    // an orchard's year from bud break in early April: bloom in late April, picked in October, dormant Nov-Mar;
    // `days` is the expected harvest, the dormant stage runs on to the next bud break
    days: 200,
    season: { starts: [4, 1], harvestStage: '着色成熟期' },
    stages: [
      ['萌芽开花期', 0, 34, '花期防冻，人工授粉', field([-1, 25], [60, 80])],
      ['幼果期', 35, 89, '疏果定果，套袋', field([5, 32], [60, 80])],
      ['果实膨大期', 90, 169, '追施钾肥，均衡供水', field([15, 35], [65, 80], [0.3, 1.5])],
      ['着色成熟期', 170, 214, '摘袋转果，铺反光膜，分批采收', field([0, 28], [55, 70])],
      ['落叶休眠期', 215, 364, '清园冬剪，树干涂白', field([-15, 18], [50, 80])],
    ],
  },
];

const PEOPLE: [name: string, phone: string, post: string, id: string][] = [
  ['王建国', '13853610001', '园区负责人', '370783197803150012'],
  ['张秀兰', '13853610002', '技术员', '370783198506220028'],
  ['李德明', '13853610003', '植保员', '370783197911080035'],
  ['赵春梅', '13853610004', '采收组长', '37078319880412004X'],
  ['孙海涛', '13853610005', '农机手', '370783199002170051'],
];

/**
 * Crop coefficients per stage, in stage order: FAO-56 (Allen et al. 1998) Table 12's Kc ini for the stages
 * before the canopy closes, Kc mid while it is full, Kc end for ripening (winter wheat's overwintering takes
 * the table's frozen-soil Kc ini, 0.4; apples' dormancy the no-cover, killing-frost Kc ini). The water balance
 * (docs/IRRIGATION.md) reads them as ETc = Kc × ET0.
 */
export const DEMO_KC: Record<string, number[]> = {
  番茄: [0.6, 0.6, 1.15, 1.15],
  黄瓜: [0.6, 1.0, 1.0],
  彩椒: [0.6, 1.05, 0.9],
  茄子: [0.6, 1.05, 1.05],
  韭菜: [0.7, 1.0, 0.95],
  小麦: [0.7, 0.7, 0.4, 0.7, 1.15, 1.15, 0.4],
  玉米: [0.3, 1.2, 0.6],
  草莓: [0.4, 0.85, 0.85],
  水稻: [1.05, 1.2, 1.2, 0.9],
  柑橘: [0.65, 0.6, 0.6, 0.65],
  苹果: [0.45, 0.95, 0.95, 0.7, 0.45],
};

async function seedCrops(db: Db, merchantId: number, crops: DemoCrop[], now: number) {
  const ids = new Map<string, number>();
  for (const c of crops) {
    const { id } = await db
      .insertInto('production_crops')
      .values({
        merchant_id: merchantId,
        name: c.name,
        variety: c.variety,
        category: c.category,
        growing_days: c.days,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(c.name, id);
    for (const [i, [name, start, end, tasks, ranges]] of c.stages.entries()) {
      const kc = DEMO_KC[c.name]?.[i] ?? null;
      const stage = await db
        .insertInto('production_growth_stages')
        .values({ merchant_id: merchantId, crop_id: id, name, start_day: start, end_day: end, tasks, kc })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('production_stage_ranges')
        .values(
          ranges.map(([key, min, max]) => ({ stage_id: stage.id, merchant_id: merchantId, param_key: key, min, max })),
        )
        .execute();
    }
  }
  return ids;
}

export interface DemoSeason {
  sownOn: string;
  status: 'growing' | 'harvested';
  /** The last day of harvests it has had: today for a greenhouse crop, null before its harvest stage. */
  harvestUntil: string | null;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * The plantings the `i`-th plot, of this crop, holds on `today` (in its park's zone). A greenhouse crop is
 * sown from a third into its season to near its end, differing from plot to plot. An outdoor crop was sown on
 * its calendar's most recent day 0, and is harvested once past its last stage (maize in November); an
 * orchard before its picking also keeps last year's season, harvested, whose picking is its harvest history.
 */
export function demoSeasons(cropName: string, today: string, i: number): DemoSeason[] {
  const crop = DEMO_CROPS.find((c) => c.name === cropName);
  if (!crop) return [];
  const { season } = crop;
  if (!season) {
    const age = Math.round(crop.days * (0.3 + ((i * 37) % 60) / 100));
    return [{ sownOn: addDays(today, -age), status: 'growing', harvestUntil: today }];
  }
  const lastDay = crop.stages[crop.stages.length - 1][2];
  const harvest = crop.stages.find((st) => st[0] === season.harvestStage) ?? crop.stages[crop.stages.length - 1];
  const dayZero = (year: number) => `${year}-${pad2(season.starts[0])}-${pad2(season.starts[1])}`;
  const of = (sownOn: string): DemoSeason => {
    const dayNo = daysBetween(sownOn, today);
    const picked = addDays(sownOn, harvest[2]);
    return {
      sownOn,
      status: dayNo > lastDay ? 'harvested' : 'growing',
      // three weeks into its picking before it counts as harvested this year
      harvestUntil: dayNo < harvest[1] + 21 ? null : picked < today ? picked : today,
    };
  };
  const year = Number(today.slice(0, 4));
  const current = dayZero(year) <= today ? year : year - 1;
  const now = of(dayZero(current));
  return lastDay >= 364 && now.harvestUntil === null ? [of(dayZero(current - 1)), now] : [now];
}

/** Plantings on every plot of the merchant's parks, as `demoSeasons` has them. */
async function seedPlantings(db: Db, merchantId: number, crops: Map<string, number>, now: number) {
  const plots = await db
    .selectFrom('area_points as a')
    .innerJoin('groups as g', 'g.id', 'a.group_id')
    .select(['a.id', 'a.group_id', 'a.crop', 'a.area', 'g.time_zone'])
    .where('a.merchant_id', '=', merchantId)
    .orderBy('a.id')
    .execute();
  const out: { id: number; groupId: number; crop: string; sownOn: string; harvestUntil: string | null }[] = [];
  for (const [i, p] of plots.entries()) {
    const cropId = crops.get(p.crop);
    const crop = DEMO_CROPS.find((c) => c.name === p.crop);
    if (!cropId || !crop) continue;
    const today = dayIn(p.time_zone ?? 'Asia/Shanghai', now);
    for (const { sownOn, status, harvestUntil } of demoSeasons(crop.name, today, i)) {
      const { id } = await db
        .insertInto('production_plantings')
        .values({
          merchant_id: merchantId,
          group_id: p.group_id,
          area_point_id: p.id,
          crop_id: cropId,
          variety: crop.variety,
          area_mu: Math.round(Number(p.area ?? 0.2) * 15 * 10) / 10 || 3,
          sown_on: sownOn,
          transplanted_on: crop.stages[0][0] === '育苗期' ? addDays(sownOn, 30) : null,
          expected_harvest_on: addDays(sownOn, crop.days),
          status,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      out.push({ id, groupId: p.group_id, crop: p.crop, sownOn, harvestUntil });
    }
  }
  return out;
}

export async function seedProductionCoreDemo(db: Db, now: number): Promise<void> {
  const merchants = await db.selectFrom('merchants').select(['id', 'name']).orderBy('id').execute();
  for (const m of merchants) {
    const orchard = m.name === 'Green Valley Orchard';
    const crops = await seedCrops(
      db,
      m.id,
      DEMO_CROPS.filter((c) => (orchard ? ['苹果', '柑橘'].includes(c.name) : c.name !== '苹果')),
      now,
    );
    const plantings = await seedPlantings(db, m.id, crops, now);
    const parks = (
      await db.selectFrom('groups').select('id').where('merchant_id', '=', m.id).orderBy('id').execute()
    ).map((g) => g.id);
    const people: number[] = [];
    for (const [name, phone, post, idNumber] of orchard ? PEOPLE.slice(3, 5) : PEOPLE) {
      const { id } = await db
        .insertInto('production_personnel')
        .values({ merchant_id: m.id, name, phone, post, id_number: idNumber, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('production_personnel_parks')
        .values(parks.map((g) => ({ personnel_id: id, group_id: g, merchant_id: m.id })))
        .execute();
      people.push(id);
    }
    // a few harvests of the fruiting crops: three weeks up to their last harvest day, every fifth day
    const fruiting = plantings.filter((p) => ['番茄', '黄瓜', '苹果'].includes(p.crop) && p.harvestUntil).slice(0, 3);
    for (const [i, p] of fruiting.entries())
      for (const back of [20, 15, 10, 5]) {
        const day = addDays(p.harvestUntil ?? p.sownOn, -back - i);
        if (day <= p.sownOn) continue;
        const { id } = await db
          .insertInto('production_harvests')
          .values({
            merchant_id: m.id,
            group_id: p.groupId,
            planting_id: p.id,
            harvested_on: day,
            quantity: 180 + ((back * 37 + i * 53) % 140),
            unit: 'kg',
            grade: back % 10 === 0 ? '一级' : '二级',
            warehouse: '1号冷库',
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db
          .insertInto('production_harvest_people')
          .values(people.slice(-2).map((person) => ({ harvest_id: id, personnel_id: person, merchant_id: m.id })))
          .execute();
      }
  }
}
