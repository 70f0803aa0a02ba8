import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type DataSource, getInitParamConfigList, sourceKey } from '../../api/telemetry';
import { useParkStore } from '../../stores/park';

/** The devices of the active park for a page's data source, with names, units, groups and latest values. */
export function useParamConfigs(source: DataSource) {
  const groupId = useParkStore((s) => s.activeGroupId);
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['paramConfigs', sourceKey(source), groupId, i18n.language],
    queryFn: () => getInitParamConfigList(source, groupId as number),
    enabled: groupId !== null,
  });
}
