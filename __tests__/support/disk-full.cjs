// Preloaded (`node --require`) into a command under test to make its disk full where the history is
// written, without a disk of its own to fill:
// - DISK_FULL_AT=copy: copying a file to a working copy fails with ENOSPC, as the kernel says it;
// - DISK_FULL_AT=sqlite: SQLite may not grow a working copy by a page, so writing it fails with
//   SQLITE_FULL ("database or disk is full"), exactly as on a full disk.
const fs = require('node:fs');

const where = process.env.DISK_FULL_AT;

if (where === 'copy') {
  const copyFileSync = fs.copyFileSync;
  fs.copyFileSync = (source, target, mode) => {
    if (String(target).endsWith('.working')) {
      const error = new Error(`ENOSPC: no space left on device, copyfile '${source}' -> '${target}'`);
      Object.assign(error, { code: 'ENOSPC', errno: -28, syscall: 'copyfile' });
      throw error;
    }
    return copyFileSync(source, target, mode);
  };
}

if (where === 'sqlite') {
  // The module's own methods cannot be replaced: the command gets a subclass wherever it asks for it.
  const Module = require('node:module');
  const sqlite = require('@photostructure/sqlite');
  class LimitedDatabase extends sqlite.DatabaseSync {
    exec(sql) {
      const result = super.exec(sql);
      // The history's working copies are configured with their journal in memory: those only.
      if (/journal_mode\s*=\s*MEMORY/i.test(sql)) {
        const { page_count: pages } = this.prepare('PRAGMA page_count').get();
        super.exec(`PRAGMA max_page_count = ${Number(pages)}`);
      }
      return result;
    }
  }
  const limited = { ...sqlite, DatabaseSync: LimitedDatabase };
  const load = Module._load;
  Module._load = function loadLimited(request, ...rest) {
    return request === '@photostructure/sqlite' ? limited : load.call(this, request, ...rest);
  };
}
