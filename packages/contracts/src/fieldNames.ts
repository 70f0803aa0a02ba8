import type { ErrorLang } from './errorPhrases';

/**
 * What the request fields are called by the people who fill them in, for the server's `msg` (the
 * console uses its forms' own labels first). Keyed by the field's own key, whatever the body: a key
 * means the same thing in every request. English is lower case; a sentence capitalises its start.
 * `schemaMessages.test.ts` fails when a schema has a field that is missing here.
 */
const NAMES: Record<string, readonly [zh: string, en: string]> = {
  // The parameters of device commands (`params.<key>`).
  // Where a request carries its values, for an issue with the whole of one.
  action: ['操作', 'action'],
  actuator: ['执行器', 'actuator'],
  address: ['地址', 'address'],
  agency: ['检测机构', 'testing agency'],
  alarmId: ['告警', 'alarm'],
  allowedHoursOut: ['允许超出适宜范围（小时）', 'hours allowed out of range'],
  android: ['安卓下载地址', 'Android link'],
  appKey: ['AppKey', 'AppKey'],
  area: ['面积', 'area'],
  areaMu: ['面积（亩）', 'area (mu)'],
  areaName: ['区域名称', 'area name'],
  areaPointId: ['区域', 'area'],
  areaPointIds: ['区域', 'areas'],
  basis: ['认证依据', 'certification basis'],
  batchId: ['批次', 'batch'],
  batchNo: ['批次号', 'batch number'],
  biofixOn: ['生物学起点', 'biofix'],
  body: ['上传的文件', 'uploaded file'],
  boundary: ['边界', 'boundary'],
  buyer: ['收货方', 'buyer'],
  cameraId: ['摄像头', 'camera'],
  category: ['类别', 'category'],
  categoryId: ['虫害类别', 'pest category'],
  certQuantity: ['认证数量', 'certified quantity'],
  certUnit: ['认证单位', 'certified unit'],
  channelNo: ['通道号', 'channel number'],
  channels: ['通知方式', 'notify by'],
  cmdId: ['指令', 'command'],
  code: ['编码', 'code'],
  comment: ['备注', 'comment'],
  condition: ['触发条件', 'condition'],
  confidence: ['置信度', 'confidence'],
  contact: ['联系人', 'contact'],
  contactIds: ['联系人', 'contacts'],
  cost: ['费用', 'cost'],
  count: ['数量', 'count'],
  crop: ['作物', 'crop'],
  cropId: ['作物', 'crop'],
  crops: ['作物', 'crops'],
  csv: ['CSV 文件', 'CSV file'],
  dailyThreshold: ['日预警阈值', 'daily threshold'],
  date: ['日期', 'date'],
  days: ['星期', 'days'],
  decimals: ['小数位数', 'decimals'],
  detectionId: ['识别记录', 'detection'],
  detections: ['识别结果', 'detections'],
  deviceClass: ['设备类别', 'device class'],
  deviceId: ['设备', 'device'],
  deviceIds: ['设备', 'devices'],
  deviceName: ['设备名称', 'device name'],
  deviceSerial: ['设备序列号', 'device serial'],
  direction: ['方向', 'direction'],
  doneOn: ['完成日期', 'done on'],
  durationMin: ['时长（分钟）', 'duration (minutes)'],
  ecTarget: ['目标 EC', 'target EC'],
  elevationM: ['海拔（米）', 'elevation (m)'],
  email: ['邮箱', 'e-mail'],
  enabled: ['启用', 'enabled'],
  end: ['结束时间', 'end'],
  endDate: ['结束日期', 'end date'],
  endDay: ['结束天数', 'end day'],
  endTime: ['结束时间', 'end time'],
  expectedHarvestOn: ['预计采收日期', 'expected harvest on'],
  expiresOn: ['有效期至', 'expires on'],
  farKm: ['异地距离（公里）', 'distance (km)'],
  farmWorkId: ['农事', 'farm work'],
  format: ['文件格式', 'file format'],
  forMs: ['持续时长', 'lasting'],
  fps: ['帧率', 'frame rate'],
  from: ['开始时间', 'from'],
  fromSeq: ['起始序号', 'from number'],
  grade: ['等级', 'grade'],
  groupId: ['园区', 'park'],
  groupIds: ['园区', 'parks'],
  groupName: ['园区名称', 'park name'],
  groups: ['变量分组', 'variable groups'],
  growingDays: ['生长期（天）', 'growing days'],
  gtin: ['商品条码', 'GTIN'],
  h: ['框高度', 'box height'],
  harvestedOn: ['采收日期', 'harvested on'],
  harvestIds: ['采收记录', 'harvests'],
  headers: ['请求头', 'headers'],
  hidden: ['隐藏', 'hidden'],
  high: ['上限', 'high'],
  holderMan: ['负责人', 'person in charge'],
  hysteresis: ['回差', 'hysteresis'],
  id: ['记录', 'record'],
  idNumber: ['身份证号', 'ID number'],
  ids: ['记录', 'records'],
  imageId: ['图片', 'picture'],
  interval: ['时间粒度', 'interval'],
  ios: ['iOS 下载地址', 'iOS link'],
  issuedOn: ['发证日期', 'issued on'],
  items: ['检测项目', 'test items'],
  jobId: ['生成任务', 'job'],
  key: ['参数', 'parameter'],
  keys: ['参数', 'parameters'],
  keyword: ['关键词', 'keyword'],
  kind: ['类型', 'kind'],
  lang: ['语言', 'language'],
  latinName: ['拉丁名', 'Latin name'],
  latitude: ['纬度', 'latitude'],
  licence: ['驾驶证号', 'licence'],
  loginName: ['登录名', 'login name'],
  loginPwd: ['密码', 'password'],
  longitude: ['经度', 'longitude'],
  lot: ['批号', 'lot'],
  low: ['下限', 'low'],
  lowStock: ['低库存提醒', 'low stock'],
  machineId: ['设备', 'machine'],
  machineryId: ['农机', 'machine'],
  machineryIds: ['农机', 'machines'],
  materialId: ['农资', 'material'],
  materialIds: ['农资', 'materials'],
  materials: ['农资', 'materials'],
  max: ['上限', 'max'],
  maxDurationMin: ['单次最长时长（分钟）', 'longest run (minutes)'],
  maxRunsPerDay: ['每天最多次数', 'runs a day at most'],
  maxScans: ['扫码次数上限', 'scans at most'],
  maxWaterPerDayM3: ['每天最多用水（立方米）', 'water a day at most (m³)'],
  merchantId: ['商户', 'merchant'],
  min: ['下限', 'min'],
  miniProgram: ['小程序地址', 'mini program link'],
  minutes: ['分钟数', 'minutes'],
  mobileWeb: ['手机网页地址', 'mobile web link'],
  mode: ['模式', 'mode'],
  model: ['型号', 'model'],
  month: ['月份', 'month'],
  name: ['名称', 'name'],
  newPwd: ['新密码', 'new password'],
  nextDueOn: ['下次保养日期', 'next due on'],
  notes: ['备注', 'notes'],
  oldPwd: ['原密码', 'old password'],
  on: ['开关', 'on/off'],
  onClear: ['恢复时执行', 'on clear'],
  onFire: ['触发时执行', 'on fire'],
  online: ['在线状态', 'online'],
  op: ['比较方式', 'comparison'],
  operate: ['操作', 'operation'],
  origin: ['产地', 'origin'],
  overrideReason: ['强制采收理由', 'override reason'],
  correctionReason: ['更正原因', 'reason for the correction'],
  pageNum: ['页码', 'page'],
  pageSize: ['每页条数', 'page size'],
  paramList: ['参数列表', 'parameters'],
  params: ['指令参数', 'command parameters'],
  park: ['园区', 'park'],
  pass: ['是否合格', 'pass'],
  passed: ['是否合格', 'passed'],
  password: ['密码', 'password'],
  permitUrls: ['权限', 'permissions'],
  personnelIds: ['人员', 'people'],
  phone: ['电话', 'phone'],
  photoId: ['照片', 'photo'],
  photoInterval: ['拍照间隔', 'photo interval'],
  phTarget: ['目标 pH', 'target pH'],
  place: ['地点', 'place'],
  placement: ['安装位置', 'placement'],
  plannedOn: ['计划日期', 'planned on'],
  plantedYear: ['种植年份', 'planted year'],
  plantingId: ['种植记录', 'planting'],
  plantingIds: ['种植记录', 'plantings'],
  plate: ['车牌号', 'number plate'],
  pledge: ['承诺', 'pledge'],
  plotId: ['地块', 'plot'],
  pointId: ['园区位置', 'park location'],
  post: ['岗位', 'post'],
  producer: ['生产者', 'producer'],
  productName: ['产品名称', 'product name'],
  programId: ['灌溉计划', 'program'],
  protocol: ['播放协议', 'protocol'],
  ptz: ['云台', 'PTZ'],
  purchasedOn: ['购置日期', 'purchased on'],
  purpose: ['用途', 'purpose'],
  quantity: ['数量', 'quantity'],
  querystring: ['查询条件', 'query'],
  quietHours: ['免打扰时段', 'quiet hours'],
  rainHours: ['降雨回看（小时）', 'rain hours'],
  rainMm: ['降雨量（毫米）', 'rain (mm)'],
  ranges: ['参数范围', 'ranges'],
  reason: ['原因', 'reason'],
  recipe: ['施肥配方', 'recipe'],
  region: ['地区', 'region'],
  registrationNo: ['登记证号', 'registration number'],
  remark: ['备注', 'remark'],
  repeatEveryDays: ['重复间隔（天）', 'repeat every (days)'],
  repeatMinutes: ['重复通知间隔（分钟）', 'repeat every (minutes)'],
  repeatUntil: ['重复截止日期', 'repeat until'],
  reportedOn: ['报告日期', 'reported on'],
  reportIds: ['检测报告', 'reports'],
  reportIntervalMs: ['上报间隔', 'report interval'],
  reportNo: ['报告编号', 'report number'],
  restMin: ['间隔（分钟）', 'rest (minutes)'],
  result: ['结果', 'result'],
  roleId: ['角色', 'role'],
  roleName: ['角色名称', 'role name'],
  rows: ['设备行', 'device rows'],
  ruleId: ['规则', 'rule'],
  runId: ['灌溉记录', 'run'],
  safetyDays: ['安全间隔期（天）', 'safety interval (days)'],
  sampledOn: ['采样日期', 'sampled on'],
  screenAddress: ['大屏地址', 'screen address'],
  screenId: ['大屏', 'screen'],
  screenTitle: ['大屏标题', 'screen title'],
  secret: ['密钥', 'secret'],
  sections: ['公开内容', 'sections'],
  sensorId: ['传感器', 'sensor'],
  sensors: ['传感器', 'sensors'],
  sensorKey: ['传感器参数', 'sensor parameter'],
  serial: ['设备编号', 'serial'],
  severity: ['级别', 'severity'],
  shippedOn: ['发货日期', 'shipped on'],
  shotOn: ['拍摄日期', 'shot on'],
  size: ['尺寸', 'size'],
  snapshotEveryMinutes: ['定时抓拍间隔（分钟）', 'snapshot every (minutes)'],
  sort: ['排序', 'order'],
  source: ['来源', 'source'],
  sownOn: ['播种日期', 'sown on'],
  spec: ['规格', 'specification'],
  species: ['品种', 'species'],
  speed: ['速度', 'speed'],
  stages: ['生长阶段', 'stages'],
  standard: ['标准', 'standard'],
  start: ['开始时间', 'start'],
  startBelow: ['低于此值开始', 'start below'],
  startDate: ['开始日期', 'start date'],
  startDay: ['开始天数', 'start day'],
  startTime: ['开始时间', 'start time'],
  startTimes: ['开始时间', 'start times'],
  state: ['状态', 'state'],
  status: ['状态', 'status'],
  stopAbove: ['高于此值停止', 'stop above'],
  streamUrl: ['视频流地址', 'stream address'],
  supplierId: ['供应商', 'supplier'],
  tank: ['肥桶', 'tank'],
  tank1: ['1 号肥桶', 'tank 1'],
  tank2: ['2 号肥桶', 'tank 2'],
  tank3: ['3 号肥桶', 'tank 3'],
  tank4: ['酸桶', 'acid tank'],
  tanks: ['肥桶', 'tanks'],
  target: ['打开的页面', 'page to open'],
  targetType: ['对象类型', 'target type'],
  tasks: ['农事任务', 'tasks'],
  threshold: ['阈值', 'threshold'],
  thumb: ['缩略图', 'thumbnail'],
  timeZone: ['时区', 'time zone'],
  title: ['标题', 'title'],
  to: ['结束时间', 'to'],
  token: ['令牌', 'token'],
  toSeq: ['截止序号', 'to number'],
  transplantedOn: ['移栽日期', 'transplanted on'],
  treeId: ['果树', 'tree'],
  trigger: ['触发方式', 'trigger'],
  type: ['类型', 'type'],
  tz: ['时区', 'time zone'],
  unchecked: ['保存时不检查连接', 'save without checking'],
  unit: ['单位', 'unit'],
  url: ['网址', 'address'],
  userId: ['用户', 'user'],
  userName: ['姓名', 'name'],
  validUntil: ['有效期至', 'valid until'],
  value: ['数值', 'value'],
  valve: ['阀门', 'valve'],
  variety: ['品种', 'variety'],
  version: ['版本', 'version'],
  videoIds: ['视频', 'videos'],
  visit: ['访问标识', 'visit'],
  volumeM3: ['水量（立方米）', 'volume (m³)'],
  w: ['框宽度', 'box width'],
  warehouse: ['仓库', 'warehouse'],
  webhookType: ['Webhook 类型', 'webhook type'],
  webhookUrl: ['Webhook 地址', 'webhook address'],
  windHeightM: ['风速传感器高度（米）', 'wind sensor height (m)'],
  windowHours: ['统计时段（小时）', 'window (hours)'],
  windowKey: ['施药窗口', 'spray window'],
  windows: ['时段', 'time windows'],
  withdrawnOn: ['撤回日期', 'withdrawn on'],
  workEnd: ['工作结束时间', 'work end'],
  workStart: ['工作开始时间', 'work start'],
  x: ['框左边距', 'box left'],
  y: ['框上边距', 'box top'],
  zone: ['分区', 'zone'],
  zoneNo: ['分区号', 'zone number'],
  zones: ['分区', 'zones'],
  zoom: ['缩放级别', 'zoom'],
};

/** Objects that only carry other fields: `params.valve` is the valve. */
const BAGS = new Set(['params']);

/** One item of a list, as a person counts them on the page ("第 3 个阶段" / "stage 3"). */
const ROWS: Record<string, readonly [zh: string, en: string]> = {
  stages: ['阶段', 'stage'],
  ranges: ['参数', 'parameter'],
  items: ['检测项目', 'item'],
  materials: ['农资', 'material'],
  sensors: ['传感器', 'sensor'],
  windows: ['时段', 'time window'],
  quietHours: ['免打扰时段', 'quiet period'],
  onFire: ['指令', 'command'],
  onClear: ['指令', 'command'],
  paramList: ['参数', 'parameter'],
  detections: ['识别框', 'box'],
  rows: ['行', 'row'],
  startTimes: ['开始时间', 'start time'],
  zones: ['分区', 'zone'],
  boundary: ['顶点', 'point'],
};

/** Lists whose items are pairs: the place in the pair names the field (`boundary.1.0` is a point's longitude). */
const PAIRS: Record<string, readonly string[]> = { boundary: ['longitude', 'latitude'] };

export type FieldNames = (key: string) => string | undefined;

const own = (key: string, lang: ErrorLang) =>
  Object.hasOwn(NAMES, key) ? NAMES[key][lang === 'zh' ? 0 : 1] : undefined;
const row = (list: string, lang: ErrorLang) =>
  Object.hasOwn(ROWS, list) ? ROWS[list][lang === 'zh' ? 0 : 1] : undefined;

/** Whether a field key has a name in both languages. */
export const hasFieldName = (key: string): boolean => Object.hasOwn(NAMES, key);

/**
 * A field path as a person reads it: `transplantedOn` is 移栽日期 / transplanted on, and a nested one
 * names its row as the page counts them: `stages.2.ranges.1.max` is 第 3 个阶段第 2 个参数的上限 / max
 * of parameter 2 of stage 3. `names` (a form's own labels) come before the table; a key named nowhere
 * reads as 该项 / "this field", never as the key.
 */
export function fieldName(path: string, lang: ErrorLang, names?: FieldNames): string {
  const nameOf = (key: string) => names?.(key) ?? own(key, lang);
  const parts: string[] = [];
  const segments = path.split('.').filter(Boolean);
  let rowNoun: string | undefined;
  for (let i = 0; i < segments.length; i++) {
    const key = segments[i];
    const index = /^\d+$/.test(segments[i + 1] ?? '') ? Number(segments[i + 1]) + 1 : null;
    if (/^\d+$/.test(key)) {
      const pair = PAIRS[segments[i - 2] ?? '']?.[Number(key)];
      if (pair && /^\d+$/.test(segments[i - 1] ?? '')) {
        parts.push(nameOf(pair) ?? pair);
        continue;
      }
      parts.push(lang === 'zh' ? `第 ${Number(key) + 1} 项` : `item ${Number(key) + 1}`);
      continue;
    }
    if (index === null) {
      if (BAGS.has(key) && i < segments.length - 1) continue;
      const name = nameOf(key) ?? (lang === 'zh' ? '该项' : 'this field');
      // A row's own key ("第 2 个参数" of a ranges row, not "第 2 个参数的参数") says nothing more.
      if (i === segments.length - 1 && /^\d+$/.test(segments[i - 1] ?? '') && rowNoun === name) continue;
      parts.push(name);
      continue;
    }
    i++;
    const noun = row(key, lang);
    rowNoun = noun;
    const listName = nameOf(key) ?? (lang === 'zh' ? '列表' : 'list');
    if (lang === 'zh') parts.push(noun ? `第 ${index} 个${noun}` : `${listName}第 ${index} 项`);
    else parts.push(noun ? `${noun} ${index}` : `item ${index} of ${listName}`);
  }
  if (parts.length === 0) return lang === 'zh' ? '请求内容' : 'the request';
  if (lang === 'en') return parts.reverse().join(' of ');
  return parts.reduce((all, part) => (part.startsWith('第') ? `${all}${part}` : `${all}的${part}`));
}
