import type { DataSource } from '../../api/telemetry';
import AnalysisPanel from '../../components/AnalysisPanel';
import HistoryPanel from '../../components/HistoryPanel';
import RealtimeGrid from '../../components/RealtimeGrid';

/**
 * The outdoor monitoring groups of SPEC §2 (weather, soil, environment): the same three pages over
 * a different data source each. The environment group is read-only (control is /envControl/ehc).
 */
const WEATHER: DataSource = { family: 'weather' };
const SOIL: DataSource = { family: 'soil' };
const ENVIRONMENT: DataSource = { deviceClass: 'envCabinet' };

export const WeatherRealtime = () => <RealtimeGrid source={WEATHER} />;
export const WeatherHistory = () => <HistoryPanel source={WEATHER} />;
export const WeatherAnalysis = () => <AnalysisPanel source={WEATHER} />;
export const SoilRealtime = () => <RealtimeGrid source={SOIL} />;
export const SoilHistory = () => <HistoryPanel source={SOIL} />;
export const SoilAnalysis = () => <AnalysisPanel source={SOIL} />;
export const EnvironmentRealtime = () => <RealtimeGrid source={ENVIRONMENT} />;
export const EnvironmentHistory = () => <HistoryPanel source={ENVIRONMENT} />;
export const EnvironmentAnalysis = () => <AnalysisPanel source={ENVIRONMENT} />;
