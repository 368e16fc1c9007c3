import { useTranslation } from 'react-i18next';
import { Frame } from './Frame';
import { AlarmLevels, AlarmList, Kpis, OeeTrend, Panel, SiteMap, Trends } from './panels';
import { useScreen } from './useScreen';

/** 智慧工厂 (/wisdomView): the site map first — every unit's dot with its live values — flanked by trends,
 * OEE and the alarms. */
export default function WisdomView() {
  const { t } = useTranslation();
  const { data, live } = useScreen('wisdomView');
  return (
    <Frame
      title={t('visual.screen.wisdomView')}
      live={live}
      columns="420px 1fr 420px"
      screen="wisdomView"
      ready={!!data}
    >
      {data && (
        <>
          <div className="vs-col">
            <Panel title={t('visual.panel.trends')} style={{ flex: 1 }}>
              <Trends data={data} height={400} />
            </Panel>
            <Panel title={t('visual.panel.oeeTrend')}>
              <OeeTrend data={data} height={300} />
            </Panel>
          </div>
          <div className="vs-col">
            <Panel title={t('visual.panel.kpis')}>
              <Kpis data={data} only={['devices', 'onlineRate', 'activeAlarms', 'oee']} />
            </Panel>
            <Panel
              title={data.map?.mapName ?? t('visual.panel.siteMap')}
              style={{ flex: 1 }}
              testId="site-map"
            >
              <SiteMap data={data} />
            </Panel>
          </div>
          <div className="vs-col">
            <Panel title={t('visual.panel.alarmLevels')}>
              <AlarmLevels data={data} height={260} />
            </Panel>
            <Panel title={t('visual.panel.alarms')} style={{ flex: 1 }}>
              <AlarmList data={data} rows={12} />
            </Panel>
          </div>
        </>
      )}
    </Frame>
  );
}
