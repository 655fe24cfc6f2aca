#!/bin/sh
# Run by the nginx image's entrypoint before nginx starts (/docker-entrypoint.d/).
# Writes index.html from the build's pristine copy, with the run-time remote list
# (DESIGN.md "The remote contract") inlined in place of <!--REMOTE_LIST--> inside
# <script id="remote-list" type="application/json">.
#
#   REMOTE_LIST  JSON array of {"name": "<remote>", "entry": "<url of its mf-manifest.json>"};
#                empty or unset → every remote under /remotes/<name>/ of this origin.
set -eu

template=${REMOTE_LIST_TEMPLATE:-/usr/share/nginx/index.template.html}
target=${REMOTE_LIST_TARGET:-/usr/share/nginx/html/index.html}
placeholder='<!--REMOTE_LIST-->'
default='[{"name":"content","entry":"/remotes/content/mf-manifest.json"},{"name":"commerce","entry":"/remotes/commerce/mf-manifest.json"},{"name":"users-permissions","entry":"/remotes/users-permissions/mf-manifest.json"},{"name":"support","entry":"/remotes/support/mf-manifest.json"}]'

# One line (a multi-line value from compose/Kubernetes is fine: JSON allows any whitespace
# between tokens), without leading blanks.
list=$(printf '%s' "${REMOTE_LIST:-}" | tr '\r\n\t' '   ' | sed 's/^ *//; s/ *$//')
[ -n "$list" ] || list=$default
case $list in
  \[*\]) ;;
  *)
    echo "$0: REMOTE_LIST is not a JSON array; using the default list" >&2
    list=$default
    ;;
esac
# '<' becomes \u003c so the value can never close the <script> element.
list=$(printf '%s' "$list" | sed 's/</\\u003c/g')

# Literal replacement (no regex, no escaping of & or \ needed): awk index/substr.
REMOTE_LIST_VALUE=$list awk -v placeholder="$placeholder" '
  {
    line = $0; out = ""
    while ((i = index(line, placeholder)) > 0) {
      out = out substr(line, 1, i - 1) ENVIRON["REMOTE_LIST_VALUE"]
      line = substr(line, i + length(placeholder))
    }
    print out line
  }' "$template" > "$target.tmp"
mv "$target.tmp" "$target"
chmod 644 "$target"
echo "$0: remote list: $list"
