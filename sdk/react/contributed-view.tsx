import { Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { Component, useEffect, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import type { Contributed, ExtensionPoint } from '../extension-points';
import { Extensions } from '../services/extensions';
import { useService } from './use-service';

/** The contributions to an extension point the user may see; read it in an `observer` component. */
export function useContributions<P extends ExtensionPoint>(point: P): readonly Contributed<P>[] {
  return useService(Extensions).list(point);
}

const useStyles = makeStyles({
  failed: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200, padding: '8px 0' },
});

/** The Chinese line shown in place of a contribution that could not be drawn. */
export const contributionFailure = (title: string, reason: string) => `插件加载失败：${title}（${reason}）`;

function Failed(props: { title: string; reason: string }) {
  const styles = useStyles();
  return (
    <div role="alert" className={styles.failed}>
      {contributionFailure(props.title, props.reason)}
    </div>
  );
}

/** Keeps a contributed component that throws while drawing from taking the page down with it. */
class Isolated extends Component<{ title: string; children: ReactNode }, { reason?: string }> {
  override state: { reason?: string } = {};

  static getDerivedStateFromError(error: unknown): { reason: string } {
    return { reason: error instanceof Error ? error.message : String(error) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`contribution ${this.props.title} failed`, error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.reason === undefined ? this.props.children : <Failed title={this.props.title} reason={this.state.reason} />;
  }
}

/**
 * Draws a component another sub-application lends to an extension point (a vehicle-info tab, a
 * dashboard card): loads its plugin when first shown, in that plugin's scope. A plugin that fails to
 * load, or a component that throws, shows 插件加载失败 in its place; the page around it goes on.
 */
export function ContributedView<Props extends object>(props: {
  contribution: Contributed<ExtensionPoint> & { component: string; title: string };
  props: Props;
}) {
  const { systemId, component, title } = props.contribution;
  const extensions = useService(Extensions);
  const [state, setState] = useState<{ key: string; View?: ComponentType<Props>; reason?: string }>({ key: '' });
  const key = `${systemId}/${component}`;
  useEffect(() => {
    let current = true;
    extensions.component(systemId, component).then(
      (View: ComponentType<Props>) => current && setState({ key, View }),
      (e: unknown) => current && setState({ key, reason: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      current = false;
    };
  }, [extensions, systemId, component, key]);
  if (state.key !== key) return <Spinner size="tiny" label="加载中…" />;
  if (state.reason !== undefined || !state.View) return <Failed title={title} reason={state.reason ?? '没有组件'} />;
  const View = state.View;
  return (
    <Isolated key={key} title={title}>
      <View {...props.props} />
    </Isolated>
  );
}
