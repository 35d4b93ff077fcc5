# Landfall in a container: built with the Swift image, run on a slim Debian with the binary alone.
#
#   podman build -t landfall .        (or docker build)
#   podman run -d -p 8080:8080 -v landfall-data:/data \
#     -e LANDFALL_ADMIN_TOKEN_FILE=/run/secrets/admin-token -v ./admin-token:/run/secrets/admin-token:ro landfall
#
# The binary links the Swift runtime in (scripts/release), so the runtime stage needs no Swift and
# no libraries beyond Debian's base (ldd: libc, libm, libstdc++, libgcc_s, libz).

ARG SWIFT_VERSION=6.3
FROM docker.io/library/swift:${SWIFT_VERSION}-bookworm AS build
WORKDIR /src
COPY . .
RUN scripts/release --output /out

FROM docker.io/library/debian:bookworm-slim
# The binary needs only what every Debian base has (libc, libstdc++6, zlib1g); ca-certificates lets
# webhooks reach HTTPS receivers. No tzdata: Landfall keeps every time in UTC.
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --uid 10001 --no-create-home --home-dir /data --shell /usr/sbin/nologin landfall \
    && install -d -o landfall -g landfall -m 0750 /data
COPY --from=build /out/landfall /usr/local/bin/landfall
USER landfall
WORKDIR /data
VOLUME ["/data"]
ENV LANDFALL_HOST=0.0.0.0 \
    LANDFALL_PORT=8080 \
    LANDFALL_DATABASE=sqlite:/data/landfall.sqlite
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 CMD ["landfall", "health"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["landfall"]
CMD ["serve"]
