/**
 * Preloaded (`node --require`) into every benchmark child. When the benchmark process dies,
 * even by SIGKILL, the IPC channel closes and the child exits instead of lingering as an
 * orphan holding a port and a CPU. The channel is unref'd so it keeps nothing alive.
 * Plain CommonJS so that compiled children need no TypeScript loader.
 */
if (process.send) {
  process.on('disconnect', () => process.exit(0));
  if (process.channel) {
    process.channel.unref();
  }
}
