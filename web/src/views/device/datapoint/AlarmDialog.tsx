import { useQuery } from '@tanstack/react-query';
import { Col, Form, Input, InputNumber, Modal, Row, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AlarmSetting,
  alarmDetail,
  type DataPoint,
  deviceKeys,
  submitAlarm,
} from '#src/api/deviceAdmin';
import { toast } from '#src/app/feedback';
import { successMessage } from '#src/components/CrudPage';
import { useSaving } from '#src/components/useSaving';
import { inOrder } from './pointColumns';

const L = (key: string) => `device.datapoint.${key}`;
const LIMITS = ['lowLow', 'low', 'high', 'highHigh'] as const;

type AlarmForm = Omit<AlarmSetting, 'switchFlag'> & { switchFlag: boolean };

/** The alarm settings of one data point (datapoints-alarm detail / submit), kept for the alarm engine. */
export default function AlarmDialog({
  point,
  onClose,
  onSaved,
}: {
  point: DataPoint;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AlarmForm>();
  const detail = useQuery({
    queryKey: deviceKeys.of('datapoint-alarm', point.id),
    queryFn: () => alarmDetail(point.id),
  });
  const { saving, run } = useSaving();

  useEffect(() => {
    if (detail.data) form.setFieldsValue({ ...detail.data, switchFlag: detail.data.switchFlag === 1 });
  }, [detail.data, form]);

  const save = async () => {
    const values = await form.validateFields();
    await run(async () => {
      const msg = await submitAlarm({
        ...detail.data,
        ...values,
        pointId: point.id,
        switchFlag: values.switchFlag ? 1 : 0,
      });
      toast.success(successMessage(t('crud.updateSuccess'), msg));
      onSaved();
    });
  };

  const ordered = () => ({
    validator: async () => {
      if (!inOrder(LIMITS.map((k) => form.getFieldValue(k)))) throw new Error(t(L('limitsOrder')));
    },
  });

  return (
    <Modal
      open
      width={720}
      title={t(L('alarmTitle'), { name: point.name })}
      onCancel={onClose}
      onOk={() => void save()}
      okButtonProps={{ disabled: detail.isLoading, loading: saving }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" disabled={detail.isLoading}>
        <Form.Item name="switchFlag" label={t(L('alarmSwitch'))} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Row gutter={12}>
          {LIMITS.map((key) => (
            <Col span={6} key={key}>
              <Form.Item
                name={key}
                label={t(L(key))}
                dependencies={LIMITS.filter((k) => k !== key)}
                rules={[ordered]}
              >
                <InputNumber style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          ))}
          <Col span={8}>
            <Form.Item name="deadband" label={t(L('alarmDeadband'))}>
              <InputNumber min={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="delaySeconds" label={t(L('delaySeconds'))}>
              <InputNumber min={0} max={86400} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="level" label={t(L('level'))}>
              <InputNumber min={1} max={100} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="message" label={t(L('message'))} rules={[{ max: 500 }]}>
              <Input.TextArea rows={3} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
