import { useTranslation } from 'react-i18next';
import { Frame } from './Frame';
import { AlarmList, Devices, Flows, Kpis, LineStates, OeeGauges, OeeTrend, Panel, SiteMap } from './panels';
import { useScreen } from './useScreen';

/** 车间看板 (/part): the workshop — lines and devices, the craft flow running through them, the map, OEE and
 * alarms. */
export default function Part() {
  const { t } = useTranslation();
  const { data, live } = useScreen('part');
  return (
    <Frame title={t('visual.screen.part')} live={live} columns="440px 1fr 480px" screen="part" ready={!!data}>
      {data && (
        <>
          <div className="vs-col">
            <Panel title={t('visual.panel.lines')}>
              <LineStates data={data} height={250} />
            </Panel>
            <Panel title={t('visual.panel.devices')} style={{ flex: 1 }}>
              <Devices data={data} />
            </Panel>
          </div>
          <div className="vs-col">
            <Panel title={t('visual.panel.kpis')}>
              <Kpis data={data} only={['devices', 'onlineRate', 'activeAlarms', 'oee']} />
            </Panel>
            <Panel title={t('visual.panel.flows')}>
              <Flows data={data} tagsPerStep={2} />
            </Panel>
            <Panel
              title={data.map?.mapName ?? t('visual.panel.siteMap')}
              style={{ flex: 1 }}
              testId="site-map"
            >
              <div style={{ width: '72%', margin: '0 auto' }}>
                <SiteMap data={data} labels={false} />
              </div>
            </Panel>
          </div>
          <div className="vs-col">
            <Panel title={t('visual.panel.oee')}>
              <OeeGauges data={data} height={300} grid />
            </Panel>
            <Panel title={t('visual.panel.oeeTrend')}>
              <OeeTrend data={data} height={170} />
            </Panel>
            <Panel title={t('visual.panel.alarms')} style={{ flex: 1 }}>
              <AlarmList data={data} rows={9} />
            </Panel>
          </div>
        </>
      )}
    </Frame>
  );
}
