import { SearchOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Space } from 'antd';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { LogFilter } from '#src/api/logAdmin';
import { lazyChunk } from '#src/app/registry';
import type { Range } from './TimeRange';

const TimeRange = lazyChunk(() => import('./TimeRange'));

/** Range → logStartTime / logEndTime (wire `YYYY-MM-DD HH:mm:ss`). */
export function rangeFilter(range: Range | undefined): Pick<LogFilter, 'logStartTime' | 'logEndTime'> {
  const fmt = 'YYYY-MM-DD HH:mm:ss';
  return {
    ...(range?.[0] ? { logStartTime: range[0].format(fmt) } : {}),
    ...(range?.[1] ? { logEndTime: range[1].format(fmt) } : {}),
  };
}

/** The form's values as the list's query: text trimmed, the range as logStartTime / logEndTime, empties left out. */
export function filterOf({ range, ...fields }: Record<string, unknown>): Record<string, string> {
  const values: Record<string, unknown> = { ...fields, ...rangeFilter(range as Range | undefined) };
  return Object.fromEntries(
    Object.entries(values)
      .map(([key, v]) => [key, typeof v === 'string' ? v.trim() : v])
      .filter(([, v]) => v),
  ) as Record<string, string>;
}

/** Form.Item hands value/onChange to its child: pass them through the Suspense to the lazy picker. */
function RangeField(props: { id?: string; value?: Range; onChange?: (range: Range) => void }) {
  return (
    <Suspense fallback={<Input disabled style={{ width: 360 }} />}>
      <TimeRange {...props} />
    </Suspense>
  );
}

/**
 * The filter bar of the log screens (general, API, error and system logs): the tenant picker, the screen's own
 * fields (`children`: Form.Items), the time range, search, reset and the screen's export button.
 */
export function LogFilterBar({
  name,
  picker,
  exporter,
  onFilter,
  children,
}: {
  name: string;
  picker: ReactNode;
  exporter: ReactNode;
  onFilter(filter: Record<string, string>): void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  return (
    <Card size="small" className="pd-crud-search" style={{ marginBottom: 12 }}>
      <Form
        form={form}
        name={`${name}-filter`}
        layout="inline"
        onFinish={(values) => onFilter(filterOf(values))}
      >
        {picker}
        {children}
        <Form.Item name="range" label={t('monitor.log.range')}>
          <RangeField />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('crud.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onFilter({});
            }}
          >
            {t('crud.reset')}
          </Button>
          {exporter}
        </Space>
      </Form>
    </Card>
  );
}
