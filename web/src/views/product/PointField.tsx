import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { pointSelectQuery } from '#src/api/product';
import type { CrudFieldProps } from '#src/components/CrudPage';

/** A data point of the device picked in the same dialog (`deviceId`). */
export function PointField<T>({ value, onChange, disabled, id, form }: CrudFieldProps<T>) {
  const deviceId = Form.useWatch('deviceId', form) as string | undefined;
  const points = useQuery(pointSelectQuery(deviceId));
  return (
    <Select
      id={id}
      allowClear
      showSearch
      optionFilterProp="label"
      disabled={disabled || !deviceId}
      value={value as string | undefined}
      onChange={(v) => onChange?.(v ?? null)}
      options={(points.data ?? []).map((p) => ({ label: `${p.name} (${p.code})`, value: p.id }))}
    />
  );
}
