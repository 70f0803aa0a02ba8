import type { MessageLang } from '@farmpark/contracts';
import type { LinkPart } from './digitalLink';

/**
 * The page a consumer sees when a scanned GS1 Digital Link cannot be read (HTTP 400): in their language,
 * naming what is wrong, never an API answer. Plain HTML with its own small style (no script).
 */
const TEXTS = {
  zh: {
    title: '无法识别的商品链接',
    parts: {
      path: '链接的格式不符合 GS1 数字链接标准',
      gtin: '商品条码（GTIN）应为 8、12、13 或 14 位数字',
      checkDigit: '商品条码（GTIN）的校验位不正确',
      lot: '批号应为 1 到 20 个字母、数字或符号',
      serial: '序列号（溯源码）应为 1 到 20 个字母、数字或符号',
    },
    value: '收到的内容',
    hint: '请重新扫描商品标签上的二维码；如果仍然无法识别，请联系销售方或生产者。',
  },
  en: {
    title: 'This product link cannot be read',
    parts: {
      path: 'the link does not follow the GS1 Digital Link syntax',
      gtin: 'the GTIN must have 8, 12, 13 or 14 digits',
      checkDigit: 'the check digit of the GTIN is wrong',
      lot: 'the lot must be 1 to 20 letters, digits or symbols',
      serial: 'the serial (trace code) must be 1 to 20 letters, digits or symbols',
    },
    value: 'What was received',
    hint: 'Scan the QR code on the product label again; if it still cannot be read, ask the seller or the producer.',
  },
} satisfies Record<MessageLang, { title: string; parts: Record<LinkPart, string>; value: string; hint: string }>;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

export function badLinkPage(lang: MessageLang, part: LinkPart, value: string): string {
  const t = TEXTS[lang];
  return `<!doctype html>
<html lang="${lang === 'zh' ? 'zh-CN' : 'en-US'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${t.title}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f5f7f5;color:#1f2d1f}
main{max-width:34rem;margin:0 auto;padding:2rem 1.25rem}h1{font-size:1.35rem;margin:0 0 1rem}
.warn{background:#fff1f0;border:1px solid #ffccc7;border-radius:8px;padding:.9rem 1rem;color:#a8071a}
code{word-break:break-all;background:#fff;border:1px solid #e5e5e5;border-radius:4px;padding:0 .3rem}
p{line-height:1.6}</style></head>
<body><main><h1>${t.title}</h1>
<p class="warn" role="alert" data-part="${part}">${t.parts[part]}</p>
<p>${t.value}: <code>${escapeHtml(value.slice(0, 200))}</code></p>
<p>${t.hint}</p></main></body></html>`;
}
