/// The GitHub Actions workflow `feedsite init` writes (`--ci github`, the default): on every push to
/// `main`, on a schedule and by hand, it installs the feedsite release this binary is, fetches the
/// feeds, commits the snapshots that changed, builds the site and deploys `output/` to GitHub Pages.
/// `scripts/workflow-lint` checks it against GitHub's workflow schema and zizmor's audits.
package enum GitHubWorkflow {
    /// Where init writes it, relative to the site's folder.
    package static let path = ".github/workflows/feedsite.yml"

    /// The GitHub repository whose releases hold the `feedsite-VERSION-linux-x86_64.tar.gz` that
    /// `scripts/package` makes (and its `.sha256`).
    package static let releaseRepository = "feedsite/feedsite"

    /// The workflow's text.
    package static let text = #"""
# Publishes this feedsite site on GitHub Pages: it fetches the accounts' feeds, commits the snapshots
# that changed, builds the site and deploys output/. Written by `feedsite init`; edit it freely.
# Before the first run: Settings > Pages > Build and deployment > Source: GitHub Actions.
name: feedsite

on:
  push:
    branches: [main] # the branch the site lives on
  schedule:
    # Hourly, at minute 17 (GitHub delays runs at the full hour most). Change the line to publish
    # more or less often, e.g. "*/30 * * * *" every half hour or "0 6 * * *" daily at 06:00 UTC.
    - cron: "17 * * * *"
  workflow_dispatch: # a "Run workflow" button in the Actions tab

env:
  # The feedsite release the site is built with: the repository that publishes it and its version.
  FEEDSITE_REPOSITORY: \#(releaseRepository)
  FEEDSITE_VERSION: "\#(Generator.version)"

permissions: {}

# One run at a time; a run that starts while another is going waits for it rather than cancelling it.
concurrency:
  group: feedsite-${{ github.ref }}
  cancel-in-progress: false

jobs:
  build:
    name: Fetch, commit and build
    runs-on: ubuntu-24.04
    permissions:
      contents: write # to commit the snapshots back
      pages: read # for actions/configure-pages to read the site's address
    steps:
      - uses: actions/checkout@v5
        with:
          persist-credentials: false # the token is given to the one step that pushes

      - name: Install feedsite
        run: |
          name="feedsite-${FEEDSITE_VERSION}-linux-x86_64"
          url="https://github.com/${FEEDSITE_REPOSITORY}/releases/download/v${FEEDSITE_VERSION}/${name}.tar.gz"
          cd "$RUNNER_TEMP"
          curl --fail --silent --show-error --location --remote-name "$url" --remote-name "$url.sha256"
          sha256sum --check "${name}.tar.gz.sha256"
          tar -xzf "${name}.tar.gz"
          echo "$RUNNER_TEMP/${name}" >>"$GITHUB_PATH"

      - name: Fetch the feeds
        # Exit 1: some feeds could not be read; their accounts keep their last snapshot, and the
        # site is still built and published. Any other failure (an invalid site.yml) stops the run.
        run: |
          status=0
          feedsite fetch || status=$?
          if [ "$status" -eq 1 ]; then
            echo "::warning::feedsite fetch could not read every feed; those accounts keep their last snapshot"
          elif [ "$status" -ne 0 ]; then
            exit "$status"
          fi

      - name: Commit the snapshots that changed
        env:
          GITHUB_TOKEN: ${{ github.token }}
        run: |
          # A site whose accounts have no feed may have no snapshots folder at all.
          if [ -d snapshots ] || git ls-files --error-unmatch snapshots >/dev/null 2>&1; then
            git add --all -- snapshots
          fi
          if git diff --cached --quiet; then
            echo "no snapshot changed"
            exit 0
          fi
          git -c user.name="github-actions[bot]" \
              -c user.email="41898282+github-actions[bot]@users.noreply.github.com" \
              commit --quiet --message "Update snapshots"
          remote="https://x-access-token:${GITHUB_TOKEN}@${GITHUB_SERVER_URL#https://}/${GITHUB_REPOSITORY}.git"
          # A push made while this run fetched is replayed under the new snapshots, once.
          git push --quiet "$remote" "HEAD:${GITHUB_REF_NAME}" \
            || { git pull --quiet --rebase "$remote" "${GITHUB_REF_NAME}" && git push --quiet "$remote" "HEAD:${GITHUB_REF_NAME}"; }

      - id: pages
        uses: actions/configure-pages@v5

      - name: Build the site
        env:
          # The address GitHub Pages serves the site at, for canonical links, feeds and share cards.
          # Delete this line to use base_url from site.yml instead.
          FEEDSITE_BASE_URL: ${{ steps.pages.outputs.base_url }}
        run: feedsite build

      - uses: actions/upload-pages-artifact@v4
        with:
          path: output/

  deploy:
    name: Deploy to GitHub Pages
    needs: build
    runs-on: ubuntu-24.04
    permissions:
      pages: write # to deploy to GitHub Pages
      id-token: write # to prove to Pages that the deployment comes from this workflow
    environment:
      name: github-pages
      url: ${{ steps.deployment.outputs.page_url }}
    steps:
      - id: deployment
        uses: actions/deploy-pages@v4
"""#
}
