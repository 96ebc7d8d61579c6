import { describe, expect, it } from 'vitest';
import { resumeAt, videoReportDue } from './video-report';

describe('video progress reports', () => {
  it('reports a new whole second only', () => {
    expect(videoReportDue(12.4, null)).toBe(true);
    expect(videoReportDue(12.9, 12)).toBe(false);
    expect(videoReportDue(13.1, 12)).toBe(true);
    expect(videoReportDue(Number.NaN, null)).toBe(false);
    expect(videoReportDue(-1, null)).toBe(false);
  });

  it('resumes from the saved position, from the start when it was at the end', () => {
    expect(resumeAt(0, 60)).toBe(0);
    expect(resumeAt(25, 60)).toBe(25);
    expect(resumeAt(59, 60)).toBe(0);
    expect(resumeAt(25, Number.NaN)).toBe(25);
  });
});
