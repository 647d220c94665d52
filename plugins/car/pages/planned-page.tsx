import { Card, Text } from '@fluentui/react-components';

/** The frame of a page whose feature arrives in a later milestone: its real title, no data. */
export function plannedPage(title: string) {
  return function PlannedPage() {
    return (
      <Card style={{ padding: 24, gap: 8 }}>
        <Text as="h2" size={600} weight="semibold">
          {title}
        </Text>
        <Text>该功能正在建设中，将在后续版本开放。</Text>
      </Card>
    );
  };
}
