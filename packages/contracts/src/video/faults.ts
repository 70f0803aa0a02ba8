import type { LocalizedText } from '../errors';

/**
 * Why a camera cannot be watched, photographed or saved as checked (issue 25): one list of causes the
 * server names and the console (and every server message) puts into words from the one table below.
 */
/** Causes in the camera's settings or the server's state: they neither count against a camera nor hold it back. */
export const SERVER_FAULTS = [
  'disabled',
  'not-configured',
  'no-ffmpeg',
  'no-recording',
  'busy',
  'busy-merchant',
] as const;
export const CAMERA_FAULTS = [
  ...SERVER_FAULTS,
  // a stream URL
  'local-source',
  'unreachable',
  'refused',
  'auth',
  'not-found',
  'not-video',
  'offline',
  // an EZVIZ camera
  'ezviz-no-key',
  'ezviz-bad-key',
  'ezviz-unknown-serial',
  'ezviz-error',
] as const;
export type CameraFault = (typeof CAMERA_FAULTS)[number];

export const CAMERA_FAULT_TEXT: Record<CameraFault, LocalizedText> = {
  disabled: { zh: '摄像头已停用', en: 'The camera is disabled' },
  'not-configured': { zh: '摄像头未设置视频源', en: 'The camera has no video source set up' },
  'no-ffmpeg': { zh: '服务器缺少 ffmpeg，无法转换视频', en: 'The server has no ffmpeg to convert the video' },
  'no-recording': { zh: '该时间段没有录像', en: 'Nothing was recorded in that range' },
  busy: {
    zh: '服务器同时处理的视频已达上限，请关闭不看的画面或稍后再试',
    en: 'The server is running as many video processes as it allows: close a picture nobody watches or try again later',
  },
  'busy-merchant': {
    zh: '本单位同时处理的视频已达上限，请关闭不看的画面或稍后再试',
    en: 'Your company is running as many video processes as it may: close a picture nobody watches or try again later',
  },
  'local-source': {
    zh: '视频源不能是本服务器或链路本地地址',
    en: 'A video source may not be this server or a link-local address',
  },
  unreachable: {
    zh: '连不上摄像头：地址无法解析、网络不通或没有应答',
    en: 'The camera cannot be reached: its address does not resolve, the network does not reach it or it does not answer',
  },
  refused: {
    zh: '摄像头拒绝连接：该端口上没有视频服务',
    en: 'The camera refused the connection: nothing serves video on that port',
  },
  auth: {
    zh: '用户名或密码错误，摄像头拒绝访问',
    en: 'Wrong user name or password: the camera refused access',
  },
  'not-found': { zh: '摄像头上没有这个地址的视频（404）', en: 'The camera has no video at that address (404)' },
  'not-video': { zh: '该地址有应答，但不是视频流', en: 'The address answers, but not with a video stream' },
  offline: { zh: '摄像头离线', en: 'The camera is offline' },
  'ezviz-no-key': {
    zh: '还没有设置萤石开放平台密钥（视频设置）',
    en: 'The EZVIZ key is not set yet (video setup)',
  },
  'ezviz-bad-key': { zh: '萤石 AppKey 或 Secret 错误', en: 'The EZVIZ AppKey or Secret is wrong' },
  'ezviz-unknown-serial': {
    zh: '萤石云上没有这个设备序列号，或设备不属于此账号',
    en: 'EZVIZ does not know this device serial, or it belongs to another account',
  },
  'ezviz-error': { zh: '萤石云接口出错', en: 'The EZVIZ cloud answered an error' },
};

/** The words of every cause in one language, for the console's text tables. */
export function cameraFaultTexts(lang: 'zh' | 'en'): Record<CameraFault, string> {
  return Object.fromEntries(CAMERA_FAULTS.map((f) => [f, CAMERA_FAULT_TEXT[f][lang]])) as Record<CameraFault, string>;
}

/** A camera's last check, as video setup shows it (administrators only: `detail` names the source's answer). */
export interface CameraCheck {
  /**
   * `ok`: the last contact worked; `failed`: it failed; `failing`: the last CAMERA_FAILURES_TO_MARK
   * contacts failed (the camera counts as offline); `unchecked`: saved without a check on purpose and not
   * reached since.
   */
  state: 'ok' | 'failed' | 'failing' | 'unchecked';
  /** Failed contacts in a row. */
  failures: number;
  /** Why the last contact failed (also before the camera counts as failing); null after a success. */
  fault: CameraFault | null;
  /** ffmpeg's or EZVIZ's own words about the last failure, without credentials; '' when none. */
  detail: string;
  /** Epoch ms of the last contact. */
  at: number | null;
}

/** Failed contacts in a row after which a camera counts as failing (and offline). */
export const CAMERA_FAILURES_TO_MARK = 3;
