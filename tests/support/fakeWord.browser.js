/* A small, honest stand-in for office.js in Word, for the task pane's browser tests.
 *
 * Injected before the pane's scripts (page.addInitScript, see fakeOffice.ts) with the bytes of a
 * real .docx in window.__fakeWordDocx (base64). It offers only what the pane calls, in Office's
 * shapes: Office.onReady / Office.initialize; Office.context.document.getFileAsync(Compressed,
 * { sliceSize }, callback) giving a File { size, sliceCount, getSliceAsync, closeAsync } whose
 * slices are the document's bytes; and Word.run with a request context whose
 * document.body.paragraphs loads on context.sync() and whose paragraphs' select() is recorded.
 *
 * The paragraphs are the document's <w:p> elements in reading order (table cells included, as
 * Word's body.paragraphs gives them), read here with a tiny scan of word/document.xml, on purpose
 * not with the product's parser. What the pane did is in window.fakeWord (selections, reads, open
 * files); window.fakeWord.failNextRead = { code, message } makes the next getFileAsync fail.
 */
(function installFakeOffice() {
  'use strict';
  const MAX_SLICE = 4 * 1024 * 1024; // Office's largest slice
  const MAX_OPEN_FILES = 2; // "No more than two documents are allowed to be in memory"

  const state = {
    bytes: new Uint8Array(0),
    selections: [],
    reads: 0,
    openFiles: 0,
    failNextRead: null,
    setDocument(base64) {
      const binary = atob(base64);
      const bytes = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
      state.bytes = bytes;
    },
    /** The paragraphs' texts, as Word would list them (for the tests' own checks). */
    paragraphTexts: () => readParagraphs(state.bytes),
  };
  window.fakeWord = state;
  if (window.__fakeWordDocx) state.setDocument(window.__fakeWordDocx);

  const ok = (value, asyncContext) => ({ status: 'succeeded', value, error: undefined, asyncContext });
  const failed = (code, message, asyncContext) => ({ status: 'failed', value: undefined, error: { code, name: 'Error', message }, asyncContext });
  const later = (fn) => setTimeout(fn, 0); // Office answers asynchronously, never inside the call

  function getFileAsync(fileType, options, callback) {
    if (typeof options === 'function') {
      callback = options;
      options = {};
    }
    options = options || {};
    const sliceSize = options.sliceSize === undefined ? MAX_SLICE : options.sliceSize;
    later(() => {
      if (state.failNextRead) {
        const { code, message } = state.failNextRead;
        state.failNextRead = null;
        return callback(failed(code, message, options.asyncContext));
      }
      if (fileType !== 'compressed') return callback(failed(5001, 'The fake serves Office.FileType.Compressed only.', options.asyncContext));
      if (!(sliceSize > 0 && sliceSize <= MAX_SLICE)) return callback(failed(5001, 'The sliceSize is out of range.', options.asyncContext));
      if (state.openFiles >= MAX_OPEN_FILES) return callback(failed(5001, 'Too many files are open: close one with closeAsync.', options.asyncContext));
      state.reads += 1;
      state.openFiles += 1;
      const bytes = state.bytes.slice();
      let closed = false;
      const file = {
        size: bytes.length,
        sliceCount: Math.max(1, Math.ceil(bytes.length / sliceSize)),
        getSliceAsync(index, cb) {
          later(() => {
            if (closed) return cb(failed(5001, 'The file is closed.'));
            if (!(index >= 0 && index < file.sliceCount)) return cb(failed(5001, 'The slice index is out of range.'));
            const data = Array.from(bytes.subarray(index * sliceSize, (index + 1) * sliceSize));
            cb(ok({ data, index, size: data.length }));
          });
        },
        closeAsync(cb) {
          later(() => {
            if (!closed) {
              closed = true;
              state.openFiles -= 1;
            }
            if (cb) cb(ok(undefined));
          });
        },
      };
      callback(ok(file, options.asyncContext));
    });
  }

  // --- Word.run ---------------------------------------------------------------------------------
  function notLoaded(name) {
    const error = new Error(
      `The property '${name}' is not available. Before reading the property's value, call the load method on the containing object and call "context.sync()" on the associated request context.`,
    );
    error.code = 'PropertyNotLoaded';
    error.name = 'RichApi.Error';
    return error;
  }

  function RequestContext() {
    const queue = [];
    let items = null;
    const paragraphs = {
      load() {
        queue.push(async () => {
          const texts = await readParagraphs(state.bytes);
          items = texts.map((text, index) => ({
            text,
            select(selectionMode) {
              queue.push(async () => state.selections.push({ paragraph: index + 1, text, selectionMode: selectionMode || 'Select' }));
            },
          }));
        });
        return paragraphs;
      },
      get items() {
        if (!items) throw notLoaded('items');
        return items;
      },
    };
    this.document = { body: { paragraphs } };
    this.sync = async () => {
      while (queue.length) await queue.shift()();
    };
  }

  window.Word = {
    RequestContext,
    async run(batch) {
      const context = new RequestContext();
      const result = await batch(context);
      await context.sync(); // what is still queued runs when the batch ends, as in Word
      return result;
    },
  };

  // --- Office -----------------------------------------------------------------------------------
  const info = { host: 'Word', platform: 'PC' };
  let readyCallbacks = [];
  let ready = false;
  window.Office = {
    HostType: { Word: 'Word', Excel: 'Excel', PowerPoint: 'PowerPoint', Outlook: 'Outlook' },
    PlatformType: { PC: 'PC', OfficeOnline: 'OfficeOnline', Mac: 'Mac' },
    AsyncResultStatus: { Succeeded: 'succeeded', Failed: 'failed' },
    FileType: { Compressed: 'compressed', Pdf: 'pdf', Text: 'text' },
    context: { document: { getFileAsync } },
    initialize: undefined,
    onReady(callback) {
      return new Promise((resolve) => {
        const done = () => {
          if (callback) callback(info);
          resolve(info);
        };
        if (ready) later(done);
        else readyCallbacks.push(done);
      });
    },
  };
  const start = () =>
    later(() => {
      ready = true;
      if (typeof window.Office.initialize === 'function') window.Office.initialize('');
      readyCallbacks.forEach((done) => done());
      readyCallbacks = [];
    });
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();

  // --- the .docx, read independently of the product's parser ------------------------------------
  /** The texts of word/document.xml's paragraphs, in the order their <w:p> begins. */
  async function readParagraphs(bytes) {
    const xml = await unzipEntry(bytes, 'word/document.xml');
    const texts = [];
    const open = [];
    const tokens = /<w:p(\s[^>]*)?\/?>|<\/w:p>|<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:tab\/>/g;
    for (let match = tokens.exec(xml); match; match = tokens.exec(xml)) {
      const token = match[0];
      if (token.startsWith('<w:p')) {
        texts.push('');
        if (!token.endsWith('/>')) open.push(texts.length - 1);
      } else if (token === '</w:p>') open.pop();
      else if (open.length) texts[open[open.length - 1]] += token === '<w:tab/>' ? '\t' : unescapeXml(match[2]);
    }
    return texts;
  }

  function unescapeXml(text) {
    return text.replace(/&(lt|gt|quot|apos|amp);/g, (_, name) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[name]);
  }

  /** One entry of a zip, through its central directory (stored or deflated). */
  async function unzipEntry(bytes, name) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let end = bytes.length - 22;
    while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
    if (end < 0) throw new Error('fake Word: not a zip');
    const count = view.getUint16(end + 10, true);
    let at = view.getUint32(end + 16, true);
    for (let i = 0; i < count; i++) {
      const method = view.getUint16(at + 10, true);
      const size = view.getUint32(at + 20, true);
      const nameLength = view.getUint16(at + 28, true);
      const extraLength = view.getUint16(at + 30, true);
      const commentLength = view.getUint16(at + 32, true);
      const local = view.getUint32(at + 42, true);
      const entryName = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
      if (entryName === name) {
        const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
        const data = bytes.subarray(start, start + size);
        if (method === 0) return new TextDecoder().decode(data);
        const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
        return new TextDecoder().decode(await new Response(stream).arrayBuffer());
      }
      at += 46 + nameLength + extraLength + commentLength;
    }
    throw new Error(`fake Word: no ${name} in the document`);
  }
})();
