import type { plantProtectZh } from './texts.zh-CN';

export const plantProtectEn: typeof plantProtectZh = {
  lamp: {
    rename: 'Rename',
    killsToday: 'Kills today',
    voltage: 'Voltage',
    battery: 'Battery',
    rain: 'Rain sensor',
    lightLevel: 'Light level',
    lamp: 'Lamp',
    confirmSwitch: 'Switch "{{name}}" {{state}}? The lamp then stays in manual mode.',
    mode: 'Mode',
    workWindow: 'Work window',
    start: 'Start',
    end: 'End',
    applyWindow: 'Send',
    noCommand: 'The server sent no work-window command',
    noWindow: 'No work window set: in auto mode the lamp lights at dusk.',
    map: 'Position',
  },
};
