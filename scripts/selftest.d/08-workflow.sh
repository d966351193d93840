# The CI workflow (scripts/selftest workflow).
# Sourced by scripts/selftest, whose helpers and variables it uses.
# shellcheck disable=SC2154 # tmp, fixtures, quick: scripts/selftest

# Checked against GitHub's workflow schema by action-validator, fetched
# once from the npm registry into the cache.  A broken fixture must be
# refused, so the check itself can fail.
validator=$CACHE/npm/node_modules/.bin/action-validator
if [ ! -x "$validator" ] && command -v npm >/dev/null 2>&1; then
	# Seen here (npm 11, the registry behind a TLS proxy): the cafile
	# of npm's config did not make npm trust the proxy's CA, while
	# NODE_EXTRA_CA_CERTS naming the same file did; a bare environment
	# (a user's login, env -i) has none: npm's cafile stands in.
	ca=${NODE_EXTRA_CA_CERTS:-$(npm config get cafile 2>/dev/null)}
	[ -f "$ca" ] || ca=
	env ${ca:+NODE_EXTRA_CA_CERTS="$ca"} npm install --silent --no-audit --no-fund \
		--prefix "$CACHE/npm" @action-validator/cli@0.6.0 >"$tmp/npm.log" 2>&1 || :
fi
if [ -x "$validator" ]; then
	bad=
	for f in "$TOP"/.github/workflows/*.yml; do
		"$validator" "$f" >>"$tmp/wf.log" 2>&1 || bad="$bad ${f#"$TOP"/}"
	done
	if [ -z "$bad" ]; then
		ok "workflow: .github/workflows/*.yml match GitHub's schema"
	else
		not_ok "workflow: schema errors in$bad" "$(head -n 20 "$tmp/wf.log")"
	fi
	if "$validator" "$fixtures/workflows/bad-step-key.yml" >/dev/null 2>&1; then
		not_ok "workflow: the linter refuses a broken workflow" "it accepted $fixtures/workflows/bad-step-key.yml"
	else
		ok "workflow: the linter refuses a broken workflow"
	fi
else
	not_ok "workflow: no linter" "npm could not install @action-validator/cli (install npm: scripts/install-deps)" \
		"$(tail -n 5 "$tmp/npm.log" 2>/dev/null)"
fi
