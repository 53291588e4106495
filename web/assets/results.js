// The studies of --results: each study's README (or summary.md) rendered from Markdown,
// its plots (SVG) shown inline, its other files linked. Only files under --results
// are served.
import { api, el } from './api.js';

export async function showResults(main, args) {
  let list;
  try {
    list = await api('/api/results');
  } catch (e) {
    main.append(el('p', { class: 'status' }, e.message));
    return;
  }
  const nav = el('ul', { class: 'files', id: 'studies' }, ...list.studies.map((s) => el('li', {}, el('a', { href: `#results/${s}` }, s))));
  const body = el('div', { class: 'panel study', id: 'study' });
  main.append(el('div', { class: 'layout' }, body, el('div', { class: 'panel' }, el('h2', {}, 'Studies'), nav)));
  const study = args[0];
  if (!study) {
    if (list.index) body.append(await markdown('README.md', ''));
    else body.append(el('p', {}, 'Choose a study.'));
    return;
  }
  const { files } = await api(`/api/results/${encodeURIComponent(study)}`);
  const readme = files.includes(`${study}/README.md`) ? `${study}/README.md` : `${study}/summary.md`;
  if (files.includes(readme)) body.append(await markdown(readme, study));
  const svgs = files.filter((f) => f.endsWith('.svg'));
  if (svgs.length) {
    body.append(el('h2', {}, 'Plots'));
    for (const f of svgs) body.append(el('figure', {}, el('img', { src: `/results/${f}`, alt: f, loading: 'lazy' }), el('figcaption', {}, f)));
  }
  body.append(el('h2', {}, 'Files'), el('ul', {}, ...files.map((f) => el('li', {}, el('a', { href: `/results/${f}`, target: '_blank' }, f)))));
}

/** Fetch a Markdown file and render it (headings, paragraphs, lists, tables, code, links, images). */
async function markdown(path, dir) {
  const res = await fetch(`/results/${path}`);
  const text = res.ok ? await res.text() : `(${path}: ${res.status})`;
  return renderMarkdown(text, dir);
}

function inline(text, dir) {
  const out = el('span');
  const re = /(!?)\[([^\]]*)\]\(([^)\s]+)\)|`([^`]+)`|\*\*([^*]+)\*\*/g;
  let last = 0;
  let m;
  while ((m = re.exec(text))) {
    out.append(text.slice(last, m.index));
    if (m[3] !== undefined) {
      let href = m[3];
      const local = !/^[a-z]+:/i.test(href) && !href.startsWith('/') && !href.startsWith('#');
      if (local) href = `/results/${dir ? dir + '/' : ''}${href}`.replace(/\/\.\//g, '/');
      if (local && /\/README\.md$/.test(href)) href = `#results/${href.split('/').slice(-2)[0]}`;
      out.append(m[1] ? el('img', { src: href, alt: m[2] }) : el('a', { href }, m[2]));
    } else if (m[4] !== undefined) out.append(el('code', {}, m[4]));
    else out.append(el('b', {}, m[5]));
    last = re.lastIndex;
  }
  out.append(text.slice(last));
  return out;
}

function renderMarkdown(text, dir) {
  const root = el('div', { class: 'markdown' });
  const lines = text.split('\n');
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (line.startsWith('```')) {
      const code = [];
      for (i++; i < lines.length && !lines[i].startsWith('```'); i++) code.push(lines[i]);
      root.append(el('pre', { class: 'text' }, code.join('\n')));
      i++;
    } else if (/^#{1,6} /.test(line)) {
      const level = line.indexOf(' ');
      root.append(el(`h${Math.min(level + 1, 6)}`, {}, inline(line.slice(level + 1), dir)));
      i++;
    } else if (line.startsWith('|')) {
      const table = el('table', {});
      for (; i < lines.length && lines[i].startsWith('|'); i++) {
        if (/^\|[\s:|-]+\|?$/.test(lines[i])) continue;
        const cells = lines[i].replace(/^\||\|$/g, '').split('|');
        table.append(el('tr', {}, ...cells.map((c) => el('td', {}, inline(c.trim(), dir)))));
      }
      root.append(table);
    } else if (/^\s*[-*] /.test(line)) {
      const ul = el('ul');
      for (; i < lines.length && /^\s*[-*] /.test(lines[i]); i++) {
        let item = lines[i].replace(/^\s*[-*] /, '');
        while (i + 1 < lines.length && /^\s{2,}\S/.test(lines[i + 1]) && !/^\s*[-*] /.test(lines[i + 1])) item += ' ' + lines[++i].trim();
        ul.append(el('li', {}, inline(item, dir)));
      }
      root.append(ul);
    } else if (line.trim() === '') {
      i++;
    } else {
      const para = [];
      for (; i < lines.length && lines[i].trim() !== '' && !/^(#|\||```|\s*[-*] )/.test(lines[i]); i++) para.push(lines[i]);
      root.append(el('p', {}, inline(para.join(' '), dir)));
    }
  }
  return root;
}
