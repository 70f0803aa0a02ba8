import type { CSSProperties } from 'react';

/** The two looks of the data screens: one component, two palettes (dark for control rooms, light for offices). */
export interface Palette {
  name: 'dark' | 'tint';
  /** Letterbox bars and the stage behind the panels. */
  page: string;
  stage: string;
  panel: string;
  panelBorder: string;
  title: string;
  text: string;
  muted: string;
  accent: string;
  online: string;
  offline: string;
  alarm: string;
  warning: string;
  info: string;
  /** The map's ground where no tiles are drawn, and the park boundary. */
  mapGround: string;
  boundary: string;
  plot: string;
  /** ECharts axis lines, split lines and bar colours. */
  axis: string;
  grid: string;
  series: readonly string[];
}

export const DARK: Palette = {
  name: 'dark',
  page: '#02060d',
  stage: 'radial-gradient(ellipse at 50% 0%, #0f2a44 0%, #061325 55%, #030a16 100%)',
  panel: 'rgba(8, 30, 58, 0.72)',
  panelBorder: 'rgba(64, 169, 255, 0.35)',
  title: '#7fd3ff',
  text: '#e6f4ff',
  muted: '#8aa4bf',
  accent: '#36cfc9',
  online: '#52c41a',
  offline: '#8c8c8c',
  alarm: '#ff4d4f',
  warning: '#faad14',
  info: '#40a9ff',
  mapGround: '#0a2038',
  boundary: '#36cfc9',
  plot: '#73d13d',
  axis: '#5b7590',
  grid: 'rgba(91, 117, 144, 0.25)',
  series: ['#36cfc9', '#40a9ff', '#ffc53d', '#ff7a45', '#9254de', '#73d13d', '#f759ab', '#597ef7'],
};

export const TINT: Palette = {
  name: 'tint',
  page: '#dfe8f1',
  stage: 'linear-gradient(180deg, #f4f8fc 0%, #e8f0f7 100%)',
  panel: 'rgba(255, 255, 255, 0.92)',
  panelBorder: 'rgba(22, 119, 255, 0.22)',
  title: '#0b5cad',
  text: '#1f2d3d',
  muted: '#5c6b7a',
  accent: '#13a8a8',
  online: '#389e0d',
  offline: '#8c8c8c',
  alarm: '#cf1322',
  warning: '#d48806',
  info: '#1677ff',
  mapGround: '#eef3ea',
  boundary: '#08979c',
  plot: '#389e0d',
  axis: '#8c9bab',
  grid: 'rgba(140, 155, 171, 0.3)',
  series: ['#13a8a8', '#1677ff', '#d48806', '#d4380d', '#722ed1', '#389e0d', '#c41d7f', '#2f54eb'],
};

/** The palette as the CSS variables the stage's stylesheet reads (screen.module.css). */
export const varsOf = (p: Palette) =>
  ({
    '--text': p.text,
    '--muted': p.muted,
    '--title': p.title,
    '--stage': p.stage,
    '--panel': p.panel,
    '--panel-border': p.panelBorder,
    '--map-ground': p.mapGround,
  }) as CSSProperties;
