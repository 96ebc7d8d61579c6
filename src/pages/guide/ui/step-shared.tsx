import { Alert, Button, Group } from '@mantine/core';
import type { Profile } from '@/entities/user';

/** What every step form gets from the guide. */
export interface StepProps {
  profile: Profile;
  /** The step was saved: move on. */
  onSaved: () => void;
  /** Back to the previous step (absent on the first). */
  onBack?: () => void;
  /** A save failed; field errors are shown by the step, the rest is the guide's business. */
  onSaveError: (error: unknown) => void;
}

/** 上一步 / submit row under each step. */
export function StepActions({ onBack, loading, submitLabel = '保存并继续' }: { onBack?: () => void; loading: boolean; submitLabel?: string }) {
  return (
    <Group justify="space-between" mt="xl">
      {onBack ? (
        <Button variant="default" onClick={onBack} disabled={loading}>
          上一步
        </Button>
      ) : (
        <span />
      )}
      <Button type="submit" loading={loading}>
        {submitLabel}
      </Button>
    </Group>
  );
}

/** A failed load inside a step, with a retry. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert color="red" title="加载失败">
      <Group justify="space-between" gap="sm">
        <span>{message}</span>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          重试
        </Button>
      </Group>
    </Alert>
  );
}
