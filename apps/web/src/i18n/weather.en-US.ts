import type { weatherZh } from './weather.zh-CN';

export const weatherEn: typeof weatherZh = {
  weather: {
    source: {
      provider: 'Weather service: {{city}}',
      station: 'Park weather station, {{time}}',
      none: 'No weather data',
    },
    kind: {
      clear: 'Clear',
      fewClouds: 'Few clouds',
      cloudy: 'Cloudy',
      overcast: 'Overcast',
      breeze: 'Breezy',
      gale: 'Gale',
      haze: 'Haze',
      shower: 'Showers',
      thunder: 'Thunderstorm',
      hail: 'Hail',
      rain: 'Rain',
      heavyRain: 'Heavy rain',
      sleet: 'Sleet',
      snow: 'Snow',
      dust: 'Dust',
      tornado: 'Tornado',
      fog: 'Fog',
      hot: 'Hot',
      cold: 'Cold',
      unknown: 'Unknown',
    },
  },
};
