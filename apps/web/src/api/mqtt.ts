import type { MqttConnectParam } from '@farmpark/contracts';
import { get } from './request';

export const getConnectParam = () => get<MqttConnectParam>('/api/merchant/mqtt/getConnectParam');
