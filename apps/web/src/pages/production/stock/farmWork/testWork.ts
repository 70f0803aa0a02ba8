import type { FarmWork } from '@farmpark/contracts';

/** A farm work as the list answers it, for the console's tests: planned spraying on 1号棚 unless `over` says. */
export const farmWorkOf = (id: number, over: Partial<FarmWork> = {}): FarmWork => ({
  id,
  groupId: 1,
  type: 'spraying',
  areaPointId: 3,
  areaName: '1号棚',
  plantingId: null,
  plannedOn: '2026-06-01',
  doneOn: null,
  status: 'planned',
  notes: '',
  source: 'manual',
  irrigationRunId: null,
  waterM3: null,
  fertiliser: [],
  seriesId: null,
  personnelIds: [],
  machineryIds: [],
  materials: [],
  photoIds: [],
  ...over,
});
