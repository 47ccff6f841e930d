"""Checks deploy/'s manifests for what production asks of them (run by
tests/api/replicas.rs with the test venv's python).

usage: manifests.py DEPLOY_DIR
"""

import sys
from pathlib import Path

import yaml
import kubernetes_validate

deploy = Path(sys.argv[1])
docs = [d for d in yaml.safe_load_all((deploy / "kubernetes" / "tsconv.yaml").read_text()) if d]
by_kind = {}
for doc in docs:
    by_kind.setdefault(doc["kind"], []).append(doc)
    # Against the Kubernetes schemas (strict: no unknown fields).
    kubernetes_validate.validate(doc, "1.33", strict=True)

for kind in ["Deployment", "Service", "PodDisruptionBudget", "HorizontalPodAutoscaler"]:
    assert kind in by_kind, f"no {kind}"
deployments = {d["metadata"]["name"]: d for d in by_kind["Deployment"]}
assert "tsconv-redis" in deployments, "no Redis"
services = {s["metadata"]["name"] for s in by_kind["Service"]}
assert {"tsconv", "tsconv-redis"} <= services, services

pod = deployments["tsconv"]["spec"]["template"]["spec"]
container = pod["containers"][0]
assert container["startupProbe"]["httpGet"]["path"] == "/healthz"
assert container["livenessProbe"]["httpGet"]["path"] == "/healthz"
assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
for side in ["requests", "limits"]:
    assert {"cpu", "memory"} <= set(container["resources"][side]), side
assert pod["securityContext"]["runAsNonRoot"] is True
assert container["securityContext"]["readOnlyRootFilesystem"] is True
assert container["securityContext"]["allowPrivilegeEscalation"] is False
env = {e["name"]: e["value"] for e in container["env"]}
assert env["TSCONV_REDIS_URL"].startswith("redis://tsconv-redis:")
delay, grace = int(env["TSCONV_SHUTDOWN_DELAY"]), int(env["TSCONV_SHUTDOWN_GRACE"])
probe = container["readinessProbe"]
assert delay > probe["periodSeconds"] * probe["failureThreshold"], "the delay must outlast the readiness probe"
assert pod["terminationGracePeriodSeconds"] > delay + grace, "Kubernetes would kill the pod mid-drain"
hpa = by_kind["HorizontalPodAutoscaler"][0]["spec"]
assert hpa["scaleTargetRef"]["name"] == "tsconv" and hpa["minReplicas"] >= 2
pdb = by_kind["PodDisruptionBudget"][0]["spec"]
assert pdb["selector"]["matchLabels"] == deployments["tsconv"]["spec"]["selector"]["matchLabels"]

compose = yaml.safe_load((deploy / "compose.yaml").read_text())
services = compose["services"]
assert {"redis", "balancer", "tsconv-1", "tsconv-2", "tsconv-3"} <= set(services), set(services)
for name in ["tsconv-1", "tsconv-2", "tsconv-3"]:
    env = services[name]["environment"]
    assert env["TSCONV_REDIS_URL"] == "redis://redis:6379/" and env["TSCONV_TRUST_PROXY"] == "true"
    assert int(env["TSCONV_SHUTDOWN_DELAY"]) > 0
assert "./nginx.conf:/etc/nginx/nginx.conf:ro" in services["balancer"]["volumes"]
nginx = (deploy / "nginx.conf").read_text()
for name in ["tsconv-1", "tsconv-2", "tsconv-3"]:
    assert f"server {name}:8080" in nginx, name
print(f"{len(docs)} manifests and the compose file hold")
