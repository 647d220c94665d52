import { useEffect, useState } from 'react';
import { Button, Card, Text } from '@fluentui/react-components';
import { expectOk, HttpService, KernelApi, useService, type User } from '@tianlu/sdk';

/** 示例: greets the logged-in user (read through the host's http service) and counts clicks of a Fluent UI button. */
export default function HelloPage() {
  const http = useService(HttpService);
  const [user, setUser] = useState<User>();
  const [error, setError] = useState<string>();
  const [clicks, setClicks] = useState(0);

  useEffect(() => {
    http
      .call(KernelApi.user)
      .then((res) => setUser(expectOk(res)))
      .catch((e: unknown) => setError(e instanceof Error ? e.message : '网络异常'));
  }, [http]);

  return (
    <Card style={{ maxWidth: 480, padding: 24, gap: 12 }}>
      <Text as="h1" size={600} weight="semibold" style={{ margin: 0 }}>
        示例插件
      </Text>
      {user && <Text data-testid="hello-user">你好，{user.name}</Text>}
      {error && <Text>{error}</Text>}
      {!user && !error && <Text>正在读取当前用户…</Text>}
      <Button appearance="primary" onClick={() => setClicks((n) => n + 1)}>
        点击了 {clicks} 次
      </Button>
    </Card>
  );
}
