/** Texts of plant protection: the insecticidal lamps (zh-CN). */
export const plantProtectZh = {
  lamp: {
    rename: '修改名称',
    killsToday: '今日杀虫数',
    voltage: '电压',
    battery: '电量',
    rain: '雨控',
    lightLevel: '光控照度',
    lamp: '灯',
    confirmSwitch: '确定将「{{name}}」切换为「{{state}}」吗？切换后将转为手动模式。',
    mode: '工作模式',
    workWindow: '工作时段',
    start: '开始',
    end: '结束',
    applyWindow: '下发',
    noCommand: '服务器没有下发工作时段指令',
    noWindow: '尚未设置工作时段：自动模式下天黑即亮灯。',
    map: '位置',
  },
};
