import { Button, Center, Stack, Text } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/** Keeps one broken page from taking the whole app down; offers a retry. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('page crashed', error, info.componentStack);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <Center mih={240}>
        <Stack align="center" gap="xs">
          <Text fw={600}>页面出错了</Text>
          <Text size="sm" c="dimmed">
            {this.state.error.message}
          </Text>
          <Button variant="light" onClick={() => this.setState({ error: null })}>
            重试
          </Button>
        </Stack>
      </Center>
    );
  }
}
