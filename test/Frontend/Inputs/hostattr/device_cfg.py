import torch


class DeviceDetector:
    def __init__(self):
        self.vendor_name = "nvidia" if torch.cuda.is_available() else "cpu"


device = DeviceDetector()
