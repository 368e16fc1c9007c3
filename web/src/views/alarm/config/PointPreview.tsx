import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import type { EventRead } from '#src/api/alarm';
import type { CrudFieldProps } from '#src/components/CrudPage';
import { HistoryChart, loadECharts } from '#src/components/monitor/HistoryChart';
import { useHistory } from '#src/components/monitor/hooks';
import { pointQuery } from './points';

loadECharts();

/**
 * The rule's data point, and a live preview of its last hour with the rule's limits drawn over it (threshold,
 * or low and high), so a limit is chosen against what the point really does.
 */
export default function PointPreview({ value, onChange, disabled, id, form }: CrudFieldProps<EventRead>) {
  const points = useQuery(pointQuery);
  const pointId = typeof value === 'string' && value ? value : undefined;
  const kind = Form.useWatch('kind', form) as string | undefined;
  const operator = Form.useWatch('operator', form) as string | undefined;
  const threshold = Form.useWatch('threshold', form) as number | null | undefined;
  const low = Form.useWatch('low', form) as number | null | undefined;
  const high = Form.useWatch('high', form) as number | null | undefined;
  const history = useHistory(pointId ? [pointId] : [], { key: '1h' });
  const chosen = points.data?.find((p) => p.id === pointId);
  const limits =
    kind === 'RANGE'
      ? { rangeMin: low ?? null, rangeMax: high ?? null }
      : kind === 'THRESHOLD'
        ? operator === 'lt' || operator === 'le'
          ? { rangeMin: threshold ?? null, rangeMax: null }
          : { rangeMin: null, rangeMax: threshold ?? null }
        : {};
  return (
    <div>
      <Select
        id={id}
        showSearch
        optionFilterProp="label"
        disabled={disabled}
        value={pointId}
        onChange={onChange}
        loading={points.isFetching}
        options={(points.data ?? []).map((p) => ({ label: p.title, value: p.id }))}
      />
      {pointId && (
        <div data-testid="alarm-point-preview" style={{ marginTop: 8 }}>
          <HistoryChart
            height={180}
            points={[{ pointId, name: chosen?.title ?? '', unit: chosen?.unit, ...limits }]}
            data={history.data?.data}
            range={history.data?.range}
            loading={history.isFetching && !history.data}
          />
        </div>
      )}
    </div>
  );
}
