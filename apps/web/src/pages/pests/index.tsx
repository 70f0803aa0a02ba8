import HistoryPanel from '../../components/HistoryPanel';
import RecordTable from '../../components/RecordTable';
import Categories from './Categories';
import DeviceStatus from './DeviceStatus';
import ImageAnalysis from './ImageAnalysis';
import { Statistics, Trend } from './Statistics';

/** Pest (worm) and spore monitoring pages of SPEC §2. */
export const WormDeviceStatus = () => <DeviceStatus kind="insect" />;
export const WormImageAnalysis = () => <ImageAnalysis kind="insect" />;
export const WormStatistical = () => <Statistics kind="insect" />;
export const WormTrend = () => <Trend kind="insect" />;
export const WormCategory = () => <Categories />;
export const WormHistory = () => <HistoryPanel source={{ family: 'worm' }} />;
export const WormOperationRecord = () => <RecordTable deviceClass="insectTrap" />;
export const SporeDeviceStatus = () => <DeviceStatus kind="spore" />;
export const SporeImageAnalysis = () => <ImageAnalysis kind="spore" />;
export const SporeHistory = () => <HistoryPanel source={{ family: 'spore' }} />;
export const SporeOperationRecord = () => <RecordTable deviceClass="sporeTrap" />;
