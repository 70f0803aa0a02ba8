import { useParkStore } from '../../stores/park';

/** Park choices for selects and park names for tables, from the parks the signed-in user may see. */
export function useParkOptions() {
  const parks = useParkStore((s) => s.parks);
  const options = parks.map((p) => ({ value: p.groupId, label: p.groupName }));
  const names = (ids: number[]) =>
    ids.map((id) => parks.find((p) => p.groupId === id)?.groupName ?? `#${id}`).join('、');
  return { options, names };
}
