import { Code } from '@farmpark/contracts';
import { beforeAll, expect, it } from 'vitest';
import { fieldsOf } from '../test/details';
import { describeEachEngine } from '../test/harness';

const P = '/api/merchant';

/**
 * Brief "one door for messages": a refused form reads as sentences in the caller's language, each
 * naming the field a person fixes (the later date, the max of a stage's parameter), never a path.
 */
describeEachEngine('refusals phrased for people', (env) => {
  let token: string;
  beforeAll(async () => {
    token = await env().login('demo');
  });
  const post = (url: string, payload: object, lang: string) =>
    env().call({ method: 'POST', url: `${P}${url}`, token, headers: { 'accept-language': lang }, payload });

  /** A form refused the same way in both languages: the sentence each reader gets, and the fields it names. */
  const refused = (what: string, url: string, body: () => object, msgs: [zh: string, en: string], fields: string[]) =>
    it.each([
      ['zh-CN', msgs[0]],
      ['en-US', msgs[1]],
    ])(`${what} (%s)`, async (lang, msg) => {
      const res = await post(url, body(), lang);
      expect(res).toMatchObject({ code: Code.VALIDATION, msg });
      expect(fieldsOf(res)).toEqual(fields);
    });

  refused(
    'a planting transplanted before it was sown',
    '/production/planting/addPlanting',
    () => ({
      groupId: env().ids.parks.farm[0],
      areaPointId: 1,
      cropId: 1,
      areaMu: 1,
      sownOn: '2026-05-10',
      transplantedOn: '2026-05-01',
      expectedHarvestOn: '2026-09-01',
    }),
    ['移栽日期不能早于播种日期', 'Transplanted on cannot be before sown on'],
    ['transplantedOn'],
  );

  refused(
    'a report dated before its sample, with an unnamed item',
    '/trace/report/addReport',
    () => ({
      groupId: env().ids.parks.farm[0],
      agency: '测试检测中心',
      reportNo: 'JC-9',
      sampledOn: '2026-05-20',
      reportedOn: '2026-05-10',
      passed: true,
      items: [{ name: '', result: '未检出', standard: 'GB 2763', pass: true }],
    }),
    [
      '请填写第 1 个检测项目的名称；报告日期不能早于采样日期',
      'Name of item 1 is required; Reported on cannot be before sampled on',
    ],
    ['items.0.name', 'reportedOn'],
  );

  const stage = (name: string, startDay: number, endDay: number, ranges: object[] = []) => ({
    name,
    startDay,
    endDay,
    ranges,
  });
  refused(
    'a growth standard whose third stage has a range upside down',
    '/production/growthStage/updateStandard',
    () => ({
      cropId: 1,
      stages: [
        stage('苗期', 0, 9),
        stage('伸蔓期', 10, 19),
        stage('开花期', 20, 29, [
          { key: 'airTemp', min: 18, max: 28 },
          { key: 'airHumidity', min: 80, max: 60 },
        ]),
      ],
    }),
    ['第 3 个阶段第 2 个参数的上限必须大于下限', 'Max of parameter 2 of stage 3 must be above min'],
    ['stages.2.ranges.1.max'],
  );
});
