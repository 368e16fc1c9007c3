import { useTranslation } from 'react-i18next';
import { Frame } from './Frame';
import { AlarmLevels, AlarmList, Devices, Flows, Kpis, Panel } from './panels';
import { useScreen } from './useScreen';

/** 工艺流程监控 (/index/flowMonitor): each craft flow step by step, the step's device state and its live
 * values, with the devices and alarms beside it. */
export default function FlowMonitor() {
  const { t } = useTranslation();
  const { data, live } = useScreen('flowMonitor');
  return (
    <Frame
      title={t('visual.screen.flowMonitor')}
      live={live}
      columns="1fr 480px"
      screen="flowMonitor"
      ready={!!data}
    >
      {data && (
        <>
          <div className="vs-col">
            <Panel title={t('visual.panel.kpis')}>
              <Kpis data={data} only={['devices', 'onlineRate', 'faults', 'activeAlarms']} />
            </Panel>
            <Panel title={t('visual.panel.flows')} style={{ flex: 1 }}>
              <Flows data={data} tagsPerStep={4} />
            </Panel>
          </div>
          <div className="vs-col">
            <Panel title={t('visual.panel.devices')}>
              <Devices data={data} />
            </Panel>
            <Panel title={t('visual.panel.alarmLevels')}>
              <AlarmLevels data={data} height={220} />
            </Panel>
            <Panel title={t('visual.panel.alarms')} style={{ flex: 1 }}>
              <AlarmList data={data} rows={8} />
            </Panel>
          </div>
        </>
      )}
    </Frame>
  );
}
