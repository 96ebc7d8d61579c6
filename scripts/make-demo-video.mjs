/**
 * Makes the demo course's video lesson (server/assets/demo/print-check-intro.webm): a 30-second
 * animation about 印前检查 drawn on a canvas and recorded by the browser's MediaRecorder (VP8
 * WebM), with Debian's Chromium driven by Playwright. ffmpeg is not needed. The recorder writes
 * no duration, so this script adds one to the file's Segment Info (players then know the length
 * before reading it all). Run once and commit the file (< 1 MB):
 *
 *   node scripts/make-demo-video.mjs [--chromium /usr/bin/chromium] [--seconds 30]
 *
 * The demo seed (server/src/modules/study/demo-seed.ts) stores it as a lesson with DEMO_VIDEO_SECONDS.
 */
/* global document, MediaRecorder -- the recording runs in the page */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const executablePath = arg('chromium', '/usr/bin/chromium');
const seconds = Number(arg('seconds', '30'));
const out = fileURLToPath(new URL('../server/assets/demo/print-check-intro.webm', import.meta.url));

/** The slides: a title and three lines each, shown in turn with a moving progress bar. */
const SLIDES = [
  { title: '印前检查入门', lines: ['交付印刷前的四项必查内容', '色彩 · 出血 · 分辨率 · 字体', '设计师工作台 学习课程'] },
  { title: '一、色彩模式', lines: ['印刷文件统一使用 CMYK', '黑色文字用单色黑 K100', '专色单独建色板并标注'] },
  { title: '二、出血与安全区', lines: ['每边预留 3 毫米出血', '重要文字距裁切线至少 3 毫米', '异形刀版以工厂刀版图为准'] },
  { title: '三、图片分辨率', lines: ['图片实际尺寸下不低于 300 dpi', '不要把网页小图直接放大', '链接图片随文件一起打包'] },
  { title: '四、字体处理', lines: ['文字转曲或嵌入字体', '检查是否有缺失字体', '小于 6 磅的文字慎用细体'] },
  { title: '交付前最后检查', lines: ['对照印前检查清单逐项确认', '导出 PDF 后再打开核对一遍', '有疑问先问团队负责人'] },
];

const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--autoplay-policy=no-user-gesture-required'] });
try {
  const page = await browser.newPage({ viewport: { width: 640, height: 360 } });
  await page.setContent('<html><body style="margin:0;background:#000"><canvas id="c" width="640" height="360"></canvas></body></html>');
  const base64 = await page.evaluate(
    async ({ slides, seconds }) => {
      const canvas = document.getElementById('c');
      const ctx = canvas.getContext('2d');
      const font = '"Noto Sans CJK SC", "Noto Serif CJK SC", sans-serif';
      const per = (seconds * 1000) / slides.length;
      const started = performance.now();
      const draw = () => {
        const t = performance.now() - started;
        const i = Math.min(slides.length - 1, Math.floor(t / per));
        const local = (t - i * per) / per;
        const s = slides[i];
        ctx.fillStyle = '#f4f7fb';
        ctx.fillRect(0, 0, 640, 360);
        ctx.fillStyle = '#1c7ed6';
        ctx.fillRect(0, 0, 640, 56);
        ctx.fillStyle = '#fff';
        ctx.font = `bold 26px ${font}`;
        ctx.fillText(s.title, 28, 38);
        ctx.font = `22px ${font}`;
        s.lines.forEach((line, k) => {
          const shown = Math.min(1, Math.max(0, local * 4 - k * 0.6));
          ctx.globalAlpha = shown;
          ctx.fillStyle = '#212529';
          ctx.fillText(line, 48 + (1 - shown) * 30, 120 + k * 52);
          ctx.fillStyle = '#1c7ed6';
          ctx.beginPath();
          ctx.arc(34 + (1 - shown) * 30, 113 + k * 52, 5, 0, Math.PI * 2);
          ctx.fill();
        });
        ctx.globalAlpha = 1;
        // A square that keeps moving, so every second of the video has motion.
        const x = 560 + Math.cos(t / 600) * 30;
        const y = 250 + Math.sin(t / 600) * 30;
        ctx.fillStyle = ['#e03131', '#2f9e44', '#f08c00', '#1c7ed6'][Math.floor(t / 1000) % 4];
        ctx.fillRect(x - 14, y - 14, 28, 28);
        ctx.fillStyle = '#dee2e6';
        ctx.fillRect(0, 344, 640, 16);
        ctx.fillStyle = '#1c7ed6';
        ctx.fillRect(0, 344, (640 * Math.min(t, seconds * 1000)) / (seconds * 1000), 16);
        ctx.fillStyle = '#495057';
        ctx.font = `14px ${font}`;
        ctx.fillText(`${Math.floor(t / 1000)} / ${seconds} 秒`, 540, 338);
      };
      draw();
      const stream = canvas.captureStream(15);
      const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 150_000 });
      const chunks = [];
      recorder.ondataavailable = (e) => e.data.size && chunks.push(e.data);
      const stopped = new Promise((resolve) => (recorder.onstop = resolve));
      recorder.start(1000);
      const timer = setInterval(draw, 1000 / 15);
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      clearInterval(timer);
      recorder.stop();
      await stopped;
      const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(binary);
    },
    { slides: SLIDES, seconds },
  );
  const webm = withDuration(Buffer.from(base64, 'base64'), seconds * 1000);
  writeFileSync(out, webm);
  console.log(`wrote ${out}: ${webm.length} bytes, ${seconds} s`);
} finally {
  await browser.close();
}

/** EBML: the length of a variable-size integer from its first byte. */
function vintLength(first) {
  for (let n = 1; n <= 8; n++) if (first & (0x80 >> (n - 1))) return n;
  throw new Error('bad EBML size');
}

/**
 * Adds a Duration element (0x4489, float64, in TimecodeScale units: milliseconds by default) to
 * the Segment's Info element (0x1549A966), whose size is rewritten; the Segment's size is
 * "unknown" in a MediaRecorder file, so nothing else moves.
 */
function withDuration(file, ms) {
  const infoId = Buffer.from([0x15, 0x49, 0xa9, 0x66]);
  const at = file.indexOf(infoId);
  if (at < 0) throw new Error('no Info element in the recording');
  const sizeAt = at + 4;
  const n = vintLength(file[sizeAt]);
  let size = file[sizeAt] & (0xff >> n);
  for (let i = 1; i < n; i++) size = size * 256 + file[sizeAt + i];
  const body = file.subarray(sizeAt + n, sizeAt + n + size);
  if (body.includes(Buffer.from([0x44, 0x89]))) return file;
  const duration = Buffer.alloc(11);
  duration.set([0x44, 0x89, 0x88], 0);
  duration.writeDoubleBE(ms, 3);
  const newSize = size + duration.length;
  const sizeBytes = Buffer.alloc(8);
  sizeBytes[0] = 0x01;
  sizeBytes.writeUIntBE(newSize, 2, 6);
  return Buffer.concat([file.subarray(0, sizeAt), sizeBytes, body, duration, file.subarray(sizeAt + n + size)]);
}
