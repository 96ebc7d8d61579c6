import { List, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { type Inline, parseLightMarkup } from '../lib/light-markup';

function Runs({ runs }: { runs: Inline[] }) {
  return (
    <>
      {runs.map((r, i) =>
        r.bold ? (
          <Text key={i} span fw={700} inherit>
            {r.text}
          </Text>
        ) : (
          <Text key={i} span inherit>
            {r.text}
          </Text>
        ),
      )}
    </>
  );
}

/** Renders an announcement body as React elements only (no HTML injection possible). */
export function LightMarkupView({ body }: { body: string }) {
  const blocks = useMemo(() => parseLightMarkup(body), [body]);
  return (
    <Stack gap="sm">
      {blocks.map((b, i) =>
        b.kind === 'paragraph' ? (
          <Text key={i} style={{ lineHeight: 1.8 }}>
            {b.lines.map((line, k) => (
              <span key={k}>
                {k > 0 ? <br /> : null}
                <Runs runs={line} />
              </span>
            ))}
          </Text>
        ) : (
          <List key={i} spacing={4}>
            {b.items.map((item, k) => (
              <List.Item key={k}>
                <Runs runs={item} />
              </List.Item>
            ))}
          </List>
        ),
      )}
    </Stack>
  );
}
