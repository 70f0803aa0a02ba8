/** The home page (en-US). */
import type { homeZh } from './home.zh-CN';

/** Same keys as zh-CN. */
export const homeEn: typeof homeZh = {
  home: {
    online: '{{count}} online',
    offline: '{{count}} offline',
    weather: 'Latest weather',
    soil: 'Soil moisture',
    noWeather: 'The active park has no weather station',
    noSoil: 'The active park has no soil station',
    avgMoisture: 'Average moisture',
    stations: '{{count}} stations',
    updated: 'Updated {{ago}}',
    depths: '10 / 20 / 40 cm',
    alarms: 'Active alarms',
    noAlarms: 'No unacknowledged alarm in the active park',
    moreAlarms: '{{count}} more: see all',
    ack: 'Acknowledge',
    pests: 'Pest catches, last 7 days',
    pestTotal: 'Total caught',
    photos: '{{count}} pictures',
    noTraps: 'The active park has no pest trap',
    noCatches: 'No pest caught in the last 7 days',
    catches: 'Count',
    irrigation: 'Irrigating now',
    noRuns: 'No irrigation is running',
    machine: 'Machine',
    zones: 'Zones',
    elapsed: 'Running for',
    water: 'Water so far',
    minutes: '{{count}} min',
    loadFailed: 'Could not load: {{msg}}',
  },
};
