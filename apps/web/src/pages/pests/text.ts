import { useTranslation } from 'react-i18next';
import { isEnglish } from '../../i18n';

/** Texts of the pest and spore pages, kept beside them (both languages). */
const TEXT = {
  online: ['在线', 'Online'],
  offline: ['离线', 'Offline'],
  lamp: ['诱虫灯', 'Lamp'],
  chamber: ['杀虫仓', 'Chamber'],
  voltage: ['电压', 'Voltage'],
  lastPhoto: ['最近拍照', 'Last photo'],
  lastCapture: ['最近采集', 'Last capture'],
  slide: ['载玻片', 'Slide'],
  slideStates: ['新片|使用中|已满', 'fresh|in use|full'],
  photograph: ['立即拍照', 'Photograph now'],
  lampOn: ['开灯', 'Lamp on'],
  lampOff: ['关灯', 'Lamp off'],
  capture: ['立即采集', 'Capture now'],
  changeSlide: ['更换载玻片', 'Change slide'],
  workPeriod: ['工作时段', 'Work period'],
  photoInterval: ['拍照间隔(分钟)', 'Photo interval (min)'],
  save: ['保存', 'Save'],
  confirm: ['确认执行该操作？', 'Send this command to the device?'],
  done: ['设备已执行', 'The device confirmed it'],
  none: ['暂无', 'None'],
  device: ['设备', 'Device'],
  date: ['日期', 'Date'],
  photos: ['张照片', 'photo(s)'],
  total: ['合计', 'Total'],
  previous: ['上一张', 'Previous photo'],
  addBox: ['添加标注框', 'Add box'],
  deleteBox: ['删除标注框', 'Delete box'],
  deleteBoxConfirm: [
    '确定删除这个“{name}”标注框吗？当天的数量会随之减少。',
    'Delete this "{name}" box? The day\'s count goes down with it.',
  ],
  cancel: ['取消', 'Cancel'],
  category: ['类别', 'Category'],
  corrected: ['已人工校正', 'Corrected by staff'],
  noPhotos: ['当天没有照片', 'No photos on this day'],
  count: ['数量', 'Count'],
  alertDays: ['超阈值天数', 'Days over threshold'],
  range: ['时间范围', 'Period'],
  temperature: ['日均气温(°C)', 'Mean temperature (°C)'],
  day: ['日期', 'Day'],
  kind: ['类型', 'Kind'],
  kindInsect: ['害虫', 'Insects'],
  kindSpore: ['孢子', 'Spores'],
  keyword: ['关键字', 'Keyword'],
  name: ['名称', 'Name'],
  latinName: ['拉丁学名', 'Latin name'],
  code: ['识别编码', 'Detector code'],
  codeHelp: [
    '识别模型上报时使用的编码：小写字母、数字或下划线',
    'The code the detector reports: lower-case letters, digits or _',
  ],
  dailyThreshold: ['日预警阈值', 'Daily alert threshold'],
  thresholdHelp: ['当天数量超过该值即预警；0 表示不预警', 'A day above this count is an alert; 0 means none'],
  picture: ['图片', 'Picture'],
  pictureType: ['图片须为 JPEG 或 PNG', 'The picture must be JPEG or PNG'],
  pictureSize: ['图片不能超过 5 MB', 'The picture must be at most 5 MB'],
  pictureSaved: ['图片已上传', 'Picture uploaded'],
  noData: ['该时段没有捕获', 'Nothing caught in this period'],
  station: ['气温来自气象站', 'Temperature from weather station'],
  noStation: ['园区没有气象站，无气温数据', 'The park has no weather station: no temperature'],
  hint: ['拖动框可移动，拖动右下角可缩放', 'Drag a box to move it, its corner to resize it'],
} as const;

export function useText() {
  const { i18n } = useTranslation();
  const en = isEnglish(i18n.language) ? 1 : 0;
  return (key: keyof typeof TEXT) => TEXT[key][en];
}
