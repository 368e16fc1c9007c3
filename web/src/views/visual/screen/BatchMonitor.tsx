import { useTranslation } from 'react-i18next';
import { Frame } from './Frame';
import { Batches, Kpis, LineStates, OeeGauges, OeeTrend, Panel, Trends } from './panels';
import { useScreen } from './useScreen';

/** 批次进度大屏 (/index/batchMonitor): every running batch with its progress from its counter, the output and
 * OEE behind it. */
export default function BatchMonitor() {
  const { t } = useTranslation();
  const { data, live } = useScreen('batchMonitor');
  return (
    <Frame
      title={t('visual.screen.batchMonitor')}
      live={live}
      columns="1fr 560px"
      screen="batchMonitor"
      ready={!!data}
    >
      {data && (
        <>
          <div className="vs-col">
            <Panel title={t('visual.panel.kpis')}>
              <Kpis data={data} only={['batchesRunning', 'produced', 'oee', 'activeAlarms']} />
            </Panel>
            <Panel title={t('visual.panel.batches')} style={{ flex: 1 }}>
              <Batches data={data} rows={12} />
            </Panel>
            <Panel title={t('visual.panel.trends')}>
              <Trends data={data} height={260} />
            </Panel>
          </div>
          <div className="vs-col">
            <Panel title={t('visual.panel.oee')}>
              <OeeGauges data={data} height={180} />
            </Panel>
            <Panel title={t('visual.panel.oeeTrend')}>
              <OeeTrend data={data} height={260} />
            </Panel>
            <Panel title={t('visual.panel.lines')} style={{ flex: 1 }}>
              <LineStates data={data} height={250} />
            </Panel>
          </div>
        </>
      )}
    </Frame>
  );
}
