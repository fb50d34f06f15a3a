/// The GitHub Actions workflow `feedsite init` writes (`--ci github`, the default): on every push to
/// `main`, on a schedule and by hand, it installs the feedsite release this binary is, fetches the
/// feeds, commits the snapshots that changed (in the folder `feedsite folders snapshots` names), builds
/// the site into a folder of the runner's and deploys that to GitHub Pages.
/// `scripts/workflow-lint` checks it against GitHub's workflow schema and zizmor's audits.
package enum GitHubWorkflow {
    /// Where init writes it, relative to the site's folder.
    package static let path = ".github/workflows/feedsite.yml"

    /// The GitHub repository whose releases hold the `feedsite-VERSION-linux-x86_64.tar.gz` that
    /// `scripts/package` makes (and its `.sha256`): a placeholder the workflow, init's next steps and
    /// the README tell the user to replace.
    package static let releaseRepository = "feedsite/feedsite"

    /// The workflow's text.
    package static let text = #"""
# Publishes this feedsite site on GitHub Pages: it fetches the accounts' feeds, commits the snapshots
# that changed, builds the site and deploys it. Written by `feedsite init`; edit it freely.
# Before the first run: set FEEDSITE_REPOSITORY below, and in the repository's
# Settings > Pages > Build and deployment choose Source: GitHub Actions.
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
  # \#(releaseRepository) is a placeholder: set it to the GitHub repository (owner/name) whose releases
  # hold the feedsite-VERSION-linux-x86_64.tar.gz you want.
  FEEDSITE_REPOSITORY: \#(releaseRepository)
  FEEDSITE_VERSION: "\#(Generator.version)"
  # Optional: the archive's SHA-256 (64 hex digits, from its .sha256). Set, the archive must match it,
  # so a release replaced later (with a new .sha256 beside it) is refused; empty, the .sha256 is checked.
  FEEDSITE_SHA256: ""

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
          # The branch as it is when the run starts, not the commit that triggered it: a run that
          # waited for the one before starts from that run's snapshots.
          ref: ${{ github.ref }}
          persist-credentials: false # the token is given to the one step that pushes

      - name: Install feedsite
        run: |
          name="feedsite-${FEEDSITE_VERSION}-linux-x86_64"
          url="https://github.com/${FEEDSITE_REPOSITORY}/releases/download/v${FEEDSITE_VERSION}/${name}.tar.gz"
          cd "$RUNNER_TEMP"
          if [ -n "$FEEDSITE_SHA256" ]; then
            curl --fail --silent --show-error --location --remote-name "$url"
            echo "${FEEDSITE_SHA256}  ${name}.tar.gz" | sha256sum --check --strict
          else
            curl --fail --silent --show-error --location --remote-name "$url" --remote-name "$url.sha256"
            sha256sum --check "${name}.tar.gz.sha256"
          fi
          tar -xzf "${name}.tar.gz"
          echo "$RUNNER_TEMP/${name}" >>"$GITHUB_PATH"

      - name: Fetch the feeds
        # Exit 1: some feeds could not be read; their accounts keep their last snapshot, and the
        # site is still built and published. Any other failure (an invalid site.yml) stops the run.
        # For `feed: x-api` accounts: add the repository secret X_BEARER_TOKEN, then uncomment these two lines.
        # env:
        #   X_BEARER_TOKEN: ${{ secrets.X_BEARER_TOKEN }}
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
          # Who makes the commits, the snapshot commit and the rebase below alike: runners have no git identity.
          GIT_AUTHOR_NAME: github-actions[bot]
          GIT_AUTHOR_EMAIL: 41898282+github-actions[bot]@users.noreply.github.com
          GIT_COMMITTER_NAME: github-actions[bot]
          GIT_COMMITTER_EMAIL: 41898282+github-actions[bot]@users.noreply.github.com
        run: |
          # The snapshots folder of site.yml (its snapshots: key; snapshots/ when it has none).
          snapshots=$(feedsite folders snapshots)
          # A site whose accounts have no feed may have no snapshots folder at all.
          if [ -d "$snapshots" ] || git ls-files --error-unmatch -- "$snapshots" >/dev/null 2>&1; then
            git add --all -- "$snapshots"
          fi
          if git diff --cached --quiet; then
            echo "no snapshot changed"
            exit 0
          fi
          git commit --quiet --message "Update snapshots"
          remote="https://x-access-token:${GITHUB_TOKEN}@${GITHUB_SERVER_URL#https://}/${GITHUB_REPOSITORY}.git"
          # A push made while this run fetched (an edit, or the run before's snapshots) is rejected here:
          # this commit is then replayed on top of it, keeping this run's snapshots where both changed a
          # file (in a rebase, "theirs" is the commit being replayed), and pushed again; three tries.
          for try in 1 2 3; do
            if git push --quiet "$remote" "HEAD:${GITHUB_REF_NAME}"; then
              exit 0
            fi
            if [ "$try" -eq 3 ]; then
              break
            fi
            git fetch --quiet "$remote" "${GITHUB_REF_NAME}"
            if ! git rebase --quiet -X theirs FETCH_HEAD; then
              git rebase --abort
              echo "::error::the snapshots could not be replayed on ${GITHUB_REF_NAME}: see git's message above"
              exit 1
            fi
          done
          echo "::error::the snapshots could not be pushed to ${GITHUB_REF_NAME} in 3 tries"
          exit 1

      - id: pages
        uses: actions/configure-pages@v5

      - name: Build the site
        env:
          # The address GitHub Pages serves the site at, for canonical links, feeds and share cards.
          # Delete this line to use base_url from site.yml instead.
          FEEDSITE_BASE_URL: ${{ steps.pages.outputs.base_url }}
        # Into a folder of the runner's, whatever output: site.yml names; the next step uploads it.
        run: feedsite build --output "$RUNNER_TEMP/site"

      - uses: actions/upload-pages-artifact@v4
        with:
          path: ${{ runner.temp }}/site

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
