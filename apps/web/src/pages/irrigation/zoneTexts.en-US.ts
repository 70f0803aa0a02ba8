import type { zoneTextsZh } from './zoneTexts.zh-CN';

export const zoneTextsEn: typeof zoneTextsZh = {
  irrZones: {
    open: 'Zones and plots',
    title: 'Zones of {{machine}}',
    zone: 'Zone',
    name: 'Name',
    plot: 'Plot',
    unnamed: 'Not named',
    noPlot: 'None',
    edit: 'Edit',
    editTitle: 'Edit {{zone}}',
    namePlaceholder: 'e.g. Tomato east (blank: the number only)',
    plotPlaceholder: 'The plot this zone waters',
    noPlots: 'This park has no plots yet; draw them in the park information first',
    saved: '{{zone}} saved',
    back: 'Back to the list',
    loadFailed: 'The zones could not be loaded',
    retry: 'Try again',
  },
};
