import { useTranslation } from 'react-i18next';
import { Frame } from './Frame';
import {
  AlarmLevels,
  AlarmList,
  Batches,
  Kpis,
  LineStates,
  OeeGauges,
  Panel,
  SiteMap,
  Trends,
} from './panels';
import { useScreen } from './useScreen';

/** 驾驶舱 (/cockpit): the plant at a glance — KPIs, alarms by level, the site map with live dots, trends, OEE,
 * line states and batches. */
export default function Cockpit() {
  const { t } = useTranslation();
  const { data, live } = useScreen('cockpit');
  return (
    <Frame
      title={t('visual.screen.cockpit')}
      live={live}
      columns="470px 1fr 470px"
      screen="cockpit"
      ready={!!data}
    >
      {data && (
        <>
          <div className="vs-col">
            <Panel title={t('visual.panel.kpis')} testId="kpis">
              <Kpis
                data={data}
                only={[
                  'devices',
                  'onlineRate',
                  'faults',
                  'activeAlarms',
                  'todayAlarms',
                  'oee',
                  'batchesRunning',
                  'produced',
                ]}
              />
            </Panel>
            <Panel title={t('visual.panel.alarmLevels')}>
              <AlarmLevels data={data} height={230} />
            </Panel>
            <Panel title={t('visual.panel.alarms')} style={{ flex: 1 }}>
              <AlarmList data={data} rows={8} />
            </Panel>
          </div>
          <div className="vs-col">
            <Panel
              title={data.map?.mapName ?? t('visual.panel.siteMap')}
              testId="site-map"
              style={{ flex: '0 0 auto' }}
            >
              <SiteMap data={data} />
            </Panel>
            <Panel title={t('visual.panel.trends')} style={{ flex: 1 }}>
              <Trends data={data} height={250} />
            </Panel>
          </div>
          <div className="vs-col">
            <Panel title={t('visual.panel.oee')}>
              <OeeGauges data={data} height={300} grid />
            </Panel>
            <Panel title={t('visual.panel.lines')}>
              <LineStates data={data} height={170} />
            </Panel>
            <Panel title={t('visual.panel.batches')} style={{ flex: 1 }}>
              <Batches data={data} rows={6} />
            </Panel>
          </div>
        </>
      )}
    </Frame>
  );
}
