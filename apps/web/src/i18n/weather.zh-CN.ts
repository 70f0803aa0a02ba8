export const weatherZh = {
  weather: {
    source: { provider: '天气服务：{{city}}', station: '园区气象站，{{time}}', none: '暂无天气数据' },
    /** English names each condition by its kind (utils/weatherIcon.ts); Chinese shows the service's own name. */
    kind: {
      clear: '晴',
      fewClouds: '少云',
      cloudy: '多云',
      overcast: '阴',
      breeze: '有风',
      gale: '大风',
      haze: '霾',
      shower: '阵雨',
      thunder: '雷阵雨',
      hail: '冰雹',
      rain: '雨',
      heavyRain: '大雨',
      sleet: '雨夹雪',
      snow: '雪',
      dust: '沙尘',
      tornado: '龙卷风',
      fog: '雾',
      hot: '热',
      cold: '冷',
      unknown: '未知',
    },
  },
};
