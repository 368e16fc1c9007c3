import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { deviceSelectQuery } from '#src/api/product';
import type { CrudFieldProps } from '#src/components/CrudPage';

interface Step {
  name: string;
  deviceId?: string | null;
  minutes?: number | null;
  remark?: string | null;
}

/** The craft flow's steps in order: add, edit, move and remove. */
export function StepsField<T>({ value, onChange, disabled }: CrudFieldProps<T>) {
  const { t } = useTranslation();
  const devices = useQuery(deviceSelectQuery);
  const steps = (value as Step[] | undefined) ?? [];
  const set = (next: Step[]) => onChange?.(next);
  const patch = (index: number, change: Partial<Step>) =>
    set(steps.map((step, i) => (i === index ? { ...step, ...change } : step)));
  const move = (index: number, by: number) => {
    const next = [...steps];
    [next[index], next[index + by]] = [next[index + by], next[index]];
    set(next);
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="steps">
      {steps.map((step, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: steps have no id; the position is their identity
        <Space key={index} wrap>
          <span>{index + 1}.</span>
          <Input
            aria-label={t('product.tectprocess.stepName')}
            placeholder={t('product.tectprocess.stepName')}
            value={step.name}
            disabled={disabled}
            maxLength={128}
            onChange={(e) => patch(index, { name: e.target.value })}
          />
          <Select
            allowClear
            style={{ width: 180 }}
            placeholder={t('product.tectprocess.device')}
            value={step.deviceId ?? undefined}
            disabled={disabled}
            onChange={(v) => patch(index, { deviceId: v ?? null })}
            options={(devices.data ?? []).map((d) => ({ label: d.name, value: d.id }))}
          />
          <InputNumber
            min={0}
            placeholder={t('product.tectprocess.minutes')}
            value={step.minutes ?? null}
            disabled={disabled}
            onChange={(v) => patch(index, { minutes: v })}
          />
          <Button
            icon={<ArrowUpOutlined />}
            title={t('product.tectprocess.up')}
            disabled={disabled || index === 0}
            onClick={() => move(index, -1)}
          />
          <Button
            icon={<ArrowDownOutlined />}
            title={t('product.tectprocess.down')}
            disabled={disabled || index === steps.length - 1}
            onClick={() => move(index, 1)}
          />
          <Button
            danger
            icon={<DeleteOutlined />}
            title={t('product.tectprocess.removeStep')}
            disabled={disabled}
            onClick={() => set(steps.filter((_, i) => i !== index))}
          />
        </Space>
      ))}
      {!disabled && (
        <Button icon={<PlusOutlined />} onClick={() => set([...steps, { name: '' }])}>
          {t('product.tectprocess.addStep')}
        </Button>
      )}
    </Space>
  );
}
