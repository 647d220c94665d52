import { useEffect, useState } from 'react';
import { Button, Card, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { expectOk, HttpService, NETWORK_ERROR_MESSAGE } from '../../services/http-service';
import { NavigationService } from '../../services/navigation-service';
import { PermissionService, type ResourceItem } from '../../services/permission-service';
import { PluginRegistry } from '../../services/plugin-registry';
import { useService } from '../../react/use-service';
import { PlatformApi, type PlatformOverviewData } from '../../contracts/platform';
import { declaredKinds, overviewQuery, type PlatformOverviewProps } from './platform-overview-props';

const STATS: { key: keyof PlatformOverviewData['assets']; label: string; color: string }[] = [
  { key: 'total', label: '全部', color: 'var(--tl-primary, #1890ff)' },
  { key: 'online', label: '在线', color: '#2e9d5b' },
  { key: 'offline', label: '离线', color: '#8a8f98' },
  { key: 'alarm', label: '报警', color: '#d13438' },
];

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '16px' },
  stats: { display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: '16px' },
  stat: { padding: '18px 20px', borderTop: '3px solid transparent' },
  value: { fontSize: '30px', lineHeight: '38px', fontWeight: 600 },
  label: { color: tokens.colorNeutralForeground3 },
  menus: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: '12px' },
  entry: { justifyContent: 'flex-start', height: '56px' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

function flatten(items: readonly ResourceItem[]): ResourceItem[] {
  return items.flatMap((i) => [i, ...flatten(i.children ?? [])]);
}

/** The overview's view; loaded on demand through {@link PlatformOverview}. */
const PlatformOverviewView = observer(function PlatformOverviewView(props: PlatformOverviewProps) {
  const s = useStyles();
  const http = useService(HttpService);
  const nav = useService(NavigationService);
  const perms = useService(PermissionService);
  const registry = useService(PluginRegistry);
  // the figures count the kinds the sub-application declares, as its monitor lists them
  const assetKinds = declaredKinds(registry, props.platformId);
  const [data, setData] = useState<PlatformOverviewData>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    let live = true;
    http
      .call(PlatformApi.overview, overviewQuery(props.platformId, assetKinds))
      .then((res) => live && setData(expectOk(res)))
      .catch((e: unknown) => live && setError(e instanceof Error && e.message ? e.message : NETWORK_ERROR_MESSAGE));
    return () => {
      live = false;
    };
  }, [http, props.platformId, assetKinds]);

  const entries = flatten(data?.menus ?? []).filter((m) => m.type !== 3 && m.path && m.path !== `${props.basePath}overview` && perms.hasMenu(m.id));

  return (
    <div className={s.root}>
      <Text as="h2" size={600} weight="semibold" style={{ margin: 0 }}>
        {props.title} · 概览
      </Text>
      {error && <div className={s.error}>{error}</div>}
      {!data && !error && <Spinner size="small" label="加载中…" />}
      {data && (
        <>
          <div className={s.stats}>
            {STATS.map((st) => (
              <Card key={st.key} className={s.stat} style={{ borderTopColor: st.color }}>
                <Text className={s.label}>{st.label}</Text>
                <span className={s.value} style={{ color: st.color }} data-stat={st.key}>
                  {data.assets[st.key]}
                </span>
              </Card>
            ))}
          </div>
          <Text size={400} weight="semibold">
            常用功能
          </Text>
          {entries.length ? (
            <div className={s.menus}>
              {entries.map((m) => (
                <Button key={m.id} className={s.entry} appearance="secondary" onClick={() => nav.navigate(m.path!)}>
                  {m.name}
                </Button>
              ))}
            </div>
          ) : (
            <Text className={s.label}>暂无可用功能，更多功能将陆续开放。</Text>
          )}
        </>
      )}
    </div>
  );
});
export default PlatformOverviewView;
