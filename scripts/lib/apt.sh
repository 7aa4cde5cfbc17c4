# Sourced by the install scripts: installs Debian packages that are missing, whatever state the
# package lists are in. A fresh machine may have no lists, stale ones or only a few: when apt
# cannot locate a package, the lists are refreshed with `apt-get update` and the install is tried
# once more.
#
#   apt_install_missing pkg...   installs those of pkg... that dpkg does not list as installed

apt_lists_present() {
    # Package lists are files named *_Packages (or compressed); auxfiles/, lock and partial/
    # are there even on a machine that has never run `apt-get update`.
    compgen -G "/var/lib/apt/lists/*_Packages*" >/dev/null
}

apt_install_missing() {
    local missing=() pkg
    for pkg in "$@"; do dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg"); done
    [ ${#missing[@]} -eq 0 ] && return 0
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "missing ${missing[*]} and there is no apt-get: install them by hand" >&2; return 1
    fi
    if [ "$(id -u)" -ne 0 ]; then
        echo "missing ${missing[*]}: run  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2; return 1
    fi
    apt_lists_present || apt-get update -q
    if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"; then
        echo "apt-get install ${missing[*]} failed; refreshing the package lists and trying once more" >&2
        apt-get update -q
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" || {
            echo "apt-get install ${missing[*]} failed after apt-get update" >&2; return 1; }
    fi
}
