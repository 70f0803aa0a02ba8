import type { agronomyZh } from './texts.zh-CN';

export const agronomyEn: typeof agronomyZh = {
  agronomy: {
    title: 'Park weather station figures · {{station}}',
    titlePark: 'Park weather station figures',
    separator: ', ',
    source: 'Computed on the server: ET0 by FAO-56 Penman-Monteith, degree days by the chosen pest’s thresholds',
    et0: 'Reference evapotranspiration ET0 ({{days}} days)',
    fallbacks: 'Stand-ins for missing data: {{list}}',
    fallback: {
      elevationDefault: 'elevation taken as 0 m',
      pressureFromElevation: 'pressure from the elevation',
      humidityFromDewPoint: 'humidity from the dew point',
      humidityFromTmin: 'dew point taken as the minimum temperature',
      radiationFromTemperature: 'radiation estimated from the temperature range',
      windDefault: 'wind taken as 2 m/s',
      windHeightDefault: 'wind sensor taken as at 2 m',
      windConvertedTo2m: 'wind converted to 2 m',
    },
    category: 'Pest category',
    degreeDays: 'Degree days ({{days}} days, {{method}})',
    thresholds: 'base {{base}} °C',
    thresholdsCut: 'base {{base}} °C, cutoff {{upper}} °C',
    method: { average: 'daily average', singleSine: 'single sine' },
    sinceStart: '{{sum}} °C·d since {{date}}',
    noStation: 'This park has no weather station',
    noLatitude: 'Neither the park nor its weather station has a latitude: ET0 cannot be computed',
    noPastDays: 'No day of the period is over yet',
    noReadings: 'The weather station has no temperatures in the period',
    noCategories: 'No pest categories yet',
  },
};
