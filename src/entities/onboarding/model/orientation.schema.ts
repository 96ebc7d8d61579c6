import * as z from 'zod/mini';

/** Step 5: the platform orientation text and its questions (the answers stay on the server). */
export const orientationSchema = z.object({
  paragraphs: z.array(z.string()),
  questions: z.array(
    z.object({
      id: z.string(),
      question: z.string(),
      options: z.array(z.object({ id: z.string(), label: z.string() })),
    }),
  ),
});
export type Orientation = z.infer<typeof orientationSchema>;
export type OrientationQuestion = Orientation['questions'][number];
